import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fstat, ReadStream } from 'node:fs';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { AppStatusCode, Messages, type Dataset, type DatasetMetadata } from '@atlas/domain';
import type { DatasetData, Engine, ExportFormat, UploadCompression, UploadFormat } from '../../engine/types.js';
import { checkAccess, checkDataDownload } from '../../http/access.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertQuota } from '../quota/service.js';
import * as dataRepo from './data-repo.js';
import type { DataLoadExecution } from './data-schemas.js';
import { INTERRUPTED_LOAD } from './recovery.js';
import { presentDataset } from './present.js';
import * as repo from './repo.js';

export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';
export const CSV = 'text/csv';
export const PARQUET = 'application/vnd.apache.parquet';

/** Content types that name an upload format; anything else needs ?format=. */
const FORMAT_OF_CONTENT_TYPE: Record<string, UploadFormat> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/geo+json': 'geojson',
  'application/json': 'geojson',
  'application/vnd.apache.parquet': 'parquet',
  'application/x-parquet': 'parquet',
  'application/vnd.apache.arrow.stream': 'arrow',
  'application/vnd.apache.arrow.file': 'arrow',
};

/** Content types of a compressed file (its format then comes from ?format= or, in a zip, the file's name). */
const COMPRESSION_OF_CONTENT_TYPE: Record<string, UploadCompression> = {
  'application/gzip': 'gzip',
  'application/x-gzip': 'gzip',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * How the body is compressed: ?compression=, Content-Encoding: gzip, or a gzip/zip content type; null when none says
 * it (the engine then tells from the first bytes). Another content encoding answers 415.
 */
export function uploadCompression(contentType: string | undefined, contentEncoding: string | undefined, compression: UploadCompression | undefined): UploadCompression | null {
  if (compression) return compression;
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return 'gzip';
  if (encoding !== '' && encoding !== 'identity') {
    throw new AppError(415, Messages.unsupportedContentType, AppStatusCode.UnsupportedMediaType, `Content-Encoding "${encoding}" is not supported: send gzip, or a zip with ?compression=zip`);
  }
  return COMPRESSION_OF_CONTENT_TYPE[mediaTypeOf(contentType)] ?? null;
}

/** The upload's format: ?format= or the content type; null for a zip that names neither (its file name then says it). */
export function uploadFormat(contentType: string | undefined, format: UploadFormat | undefined, compression: UploadCompression | null = null): UploadFormat | null {
  if (format) return format;
  const mediaType = mediaTypeOf(contentType);
  const known = FORMAT_OF_CONTENT_TYPE[mediaType];
  if (known) return known;
  if (compression === 'zip') return null;
  throw new AppError(
    415,
    Messages.unsupportedContentType,
    AppStatusCode.UnsupportedMediaType,
    `Send text/csv, application/geo+json, application/vnd.apache.parquet or application/vnd.apache.arrow.stream, or name the format with ?format=csv|geojson|parquet|arrow (got "${mediaType || 'none'}")`,
  );
}

const dataPath = (id: string) => `/v1/datasets/${id}/data`;

/** What the dataset's metadata says about its data (replacing what an earlier load said). */
export function dataMetadata(previous: DatasetMetadata, id: string, data: DatasetData, format: UploadFormat | null): DatasetMetadata {
  const { latColumn: _lat, lngColumn: _lng, geometryColumn: _geometry, ...rest } = previous;
  return {
    ...rest,
    contentType: ARROW_STREAM,
    storageReadPath: dataPath(id),
    source: 'upload',
    type: 'managed',
    ...(format ? { sourceFormat: format } : {}),
    columns: data.columns,
    rowCount: data.rowCount,
    sizeBytes: data.sizeBytes,
    dataVersion: data.version,
    ...(data.latColumn && data.lngColumn ? { latColumn: data.latColumn, lngColumn: data.lngColumn } : {}),
    ...(data.geometryColumn ? { geometryColumn: data.geometryColumn } : {}),
  };
}

const MEGABYTE = 1024 * 1024;

/** The owner's storage quota (what datasets count is theirs), before `bytes` more are stored. */
async function assertStorageQuota(db: Queryable, identity: Identity, ownerId: string, bytes: number): Promise<void> {
  await assertQuota(db, { ...identity, userId: ownerId }, 'storageMegabytes', Math.ceil(bytes / MEGABYTE));
}

/** The reason a load failed, as the dataset's errorMessage. */
function failureReason(error: unknown): string {
  if (error instanceof AppError) return error.details ? `${error.message}: ${error.details}` : error.message;
  return 'The data could not be stored (internal error)';
}

export interface UploadOptions {
  /** Null for a zip whose file name says it. */
  format: UploadFormat | null;
  /** Told from the first bytes when not given. */
  compression?: UploadCompression | null;
  skipArrow: boolean;
  /** The request's Content-Length, when sent: checked against the storage quota before anything is read. */
  contentLength: number | null;
}

const loadRunning = (id: string) =>
  conflict('A data load is already running', `Dataset ${id} is receiving another upload; send this one when it finished (GET /v1/datasets/${id}/query-execution)`);

/**
 * Starts a load of the dataset: at most one runs per dataset across every server process (the dataset's row is
 * locked while this is decided, and a load of a dead process no longer counts); a second one is refused with 409.
 */
/**
 * The first half of a load: access, quota and no other load checked, the load recorded as running in this instance
 * and the dataset pending, in one transaction. From here on crash recovery knows the load (a process that dies fails
 * it at the next start). Answers the load's id for runUpload.
 */
export async function startUpload(db: Db, engine: Engine, identity: Identity, id: string, options: UploadOptions): Promise<string> {
  const loadId = randomUUID();
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', id, 'write');
    await dataRepo.lockDataset(tx, id);
    const dataset = (await repo.findDataset(tx, id))!;
    await assertStorageQuota(tx, identity, dataset.ownerId, options.contentLength ?? 0);
    await dataRepo.failDeadLoads(tx, db.kind, engine.cluster, INTERRUPTED_LOAD, id);
    if (await dataRepo.hasRunningLoad(tx, id)) throw loadRunning(id);
    await dataRepo.insertLoad(tx, {
      id: loadId,
      datasetId: id,
      userId: identity.userId,
      source: 'upload',
      format: options.format,
      status: 'running',
      instanceId: engine.cluster.instanceId,
    });
    await dataRepo.setDatasetState(tx, id, 'pending', null);
  });
  return loadId;
}

/**
 * PUT /{id}/data: the dataset goes pending (committed, so others see it), the body is streamed into the engine, and
 * the new version becomes current in the same transaction that makes the dataset ready with its data described in
 * metadata; or the dataset goes to error with the reason (its previous data, if any, stays). Answers the dataset.
 */
export async function uploadData(db: Db, engine: Engine, identity: Identity, id: string, body: Readable, options: UploadOptions): Promise<Dataset> {
  return runUpload(db, engine, identity, id, await startUpload(db, engine, identity, id, options), body, options);
}

/** The second half of a load started by startUpload: the body into the engine, then ready or error. Answers the dataset. */
export async function runUpload(db: Db, engine: Engine, identity: Identity, id: string, loadId: string, body: Readable, options: UploadOptions): Promise<Dataset> {
  try {
    await engine.ingest(id, body, options.format, {
      skipArrow: options.skipArrow,
      compression: options.compression,
      async commit(tx, data, format) {
        const dataset = await repo.findDataset(tx, id);
        if (!dataset) throw notFound('Dataset not found', `No dataset with id ${id}`);
        // Taken for dead meanwhile (a stalled process): the load was failed, and another may own the dataset now.
        if (!(await dataRepo.finishLoad(tx, loadId, { status: 'success', dataVersion: data.version, rowCount: data.rowCount, format }))) {
          throw conflict('The upload was interrupted', INTERRUPTED_LOAD);
        }
        await dataRepo.setDatasetState(tx, id, 'ready', null, dataMetadata(dataset.metadata, id, data, format));
      },
      arrowCopied: (tx, data) => dataRepo.setStoredSize(tx, id, data.version, data.sizeBytes),
    });
  } catch (error) {
    const reason = failureReason(error);
    await db.transaction(async (tx) => {
      // Only while the load is still this one's does it decide the dataset's state.
      if (await dataRepo.finishLoad(tx, loadId, { status: 'failure', error: reason })) await dataRepo.setDatasetState(tx, id, 'error', reason);
    });
    // A file that cannot become data (422) is answered as the dataset in error; anything else as itself.
    if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
  }
  return presentDataset(db, identity, id);
}

async function loadDataset(db: Queryable, id: string): Promise<repo.StoredDataset> {
  const dataset = await repo.findDataset(db, id);
  if (!dataset) throw notFound('Dataset not found', `No dataset with id ${id}`);
  return dataset;
}

export const noData = () => notFound('Dataset has no data', 'Upload it with PUT /v1/datasets/{id}/data');

const CONTENT_TYPE_OF_DOWNLOAD: Record<ExportFormat, string> = { arrow: ARROW_STREAM, csv: `${CSV}; charset=utf-8`, parquet: PARQUET };

export interface Download {
  stream: Readable;
  /** Bytes the body will hold, when they are known before it is sent (a file is streamed; see knownSize). */
  size: number | null;
  contentType: string;
  version: string;
  /** Content-Disposition naming the file after the dataset, for the stored Parquet file. */
  disposition: string | null;
}

/** GET /{id}/data: the stored data as an Arrow IPC stream, CSV or the Parquet file (a copy: see checkDataDownload). */
export async function downloadData(db: Db, engine: Engine, identity: Identity, id: string, format: ExportFormat): Promise<Download> {
  await checkDataDownload(db, identity, id);
  const data = await engine.datasetData(id);
  const stream = data && (await engine.exportData(id, format));
  if (!data || !stream) throw noData();
  const disposition = format === 'parquet' ? attachment(`${(await loadDataset(db, id)).name}.parquet`) : null;
  return { stream, size: await knownSize(stream), contentType: CONTENT_TYPE_OF_DOWNLOAD[format], version: data.version, disposition };
}

const statOf = promisify(fstat);

/**
 * The engine answers a file it opened (the Parquet file, the Arrow copy written at upload, the CSV it wrote out) or,
 * for Arrow without a copy (skipArrow), batches encoded while the query runs, whose total nobody knows until the end.
 * An open file's size is exact: versions are never written to after they become current, and the descriptor keeps
 * the file even if a newer version replaces it meanwhile. So a browser's progress bar has a total for every download
 * but an Arrow stream of a dataset stored without its Arrow copy.
 */
async function knownSize(stream: Readable): Promise<number | null> {
  if (!(stream instanceof ReadStream)) return null;
  if (stream.pending) await once(stream, 'open');
  const fd = (stream as ReadStream & { fd: number | null }).fd;
  if (typeof fd !== 'number') return null;
  const { size } = await statOf(fd);
  return size - stream.bytesRead;
}

/** Content-Disposition for a file name: an ASCII fallback, and the name itself encoded (RFC 6266). */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** GET /{id}/query-execution: the latest load, shaped like a query execution. */
export async function latestExecution(db: Db, identity: Identity, id: string): Promise<DataLoadExecution> {
  await checkAccess(db, identity, 'dataset', id, 'read');
  const load = await dataRepo.latestLoad(db, id);
  if (!load) throw notFound('Dataset has no data load', 'No data was ever uploaded to this dataset');
  return load;
}

/**
 * For a clone, inside its transaction: copies the source's data to the copy (checking the storage quota first),
 * records the load and describes the data in the copy's metadata. False when the source has no data.
 */
export async function cloneData(tx: Queryable, engine: Engine, identity: Identity, source: repo.StoredDataset, copyId: string): Promise<boolean> {
  const data = await engine.datasetData(source.id, tx);
  if (!data) return false;
  await assertStorageQuota(tx, identity, identity.userId, data.sizeBytes);
  const copy = await engine.copyData(source.id, copyId, tx);
  if (!copy) return false;
  await dataRepo.insertFinishedLoad(tx, { id: randomUUID(), datasetId: copyId, userId: identity.userId, source: 'clone', format: null }, copy.version, copy.rowCount);
  const format = typeof source.metadata.sourceFormat === 'string' ? (source.metadata.sourceFormat as UploadFormat) : null;
  await dataRepo.setDatasetState(tx, copyId, 'ready', null, dataMetadata(source.metadata, copyId, copy, format));
  return true;
}

export const emptyBody = () => badRequest('The request has no body', 'Send the file as the request body');
