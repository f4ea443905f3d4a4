import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppStatusCode, Messages, type Dataset, type DatasetMetadata } from '@atlas/domain';
import type { DatasetData, Engine, UploadFormat } from '../../engine/types.js';
import { checkAccess, checkDataDownload } from '../../http/access.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertQuota } from '../quota/service.js';
import * as dataRepo from './data-repo.js';
import type { DataLoadExecution } from './data-schemas.js';
import * as repo from './repo.js';

export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';
export const CSV = 'text/csv';

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

export function uploadFormat(contentType: string | undefined, format: UploadFormat | undefined): UploadFormat {
  if (format) return format;
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const known = FORMAT_OF_CONTENT_TYPE[mediaType];
  if (known) return known;
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
  format: UploadFormat;
  skipArrow: boolean;
  /** The request's Content-Length, when sent: checked against the storage quota before anything is read. */
  contentLength: number | null;
}

/**
 * PUT /{id}/data: the dataset goes pending (committed, so others see it), the body is streamed into the engine,
 * then the dataset is ready with its data described in metadata, or in error with the reason (its previous data,
 * if any, stays). Answers the dataset either way.
 */
export async function uploadData(db: Db, engine: Engine, identity: Identity, id: string, body: Readable, options: UploadOptions): Promise<Dataset> {
  const loadId = randomUUID();
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', id, 'write');
    const dataset = (await repo.findDataset(tx, id))!;
    await assertStorageQuota(tx, identity, dataset.ownerId, options.contentLength ?? 0);
    await dataRepo.insertLoad(tx, { id: loadId, datasetId: id, userId: identity.userId, source: 'upload', format: options.format, status: 'running' });
    await dataRepo.setDatasetState(tx, id, 'pending', null);
  });
  let data: DatasetData;
  try {
    data = await engine.ingest(id, body, options.format, { skipArrow: options.skipArrow });
  } catch (error) {
    const reason = failureReason(error);
    await db.transaction(async (tx) => {
      await dataRepo.finishLoad(tx, loadId, { status: 'failure', error: reason });
      await dataRepo.setDatasetState(tx, id, 'error', reason);
    });
    if (!(error instanceof AppError)) throw error;
    return loadDataset(db, id);
  }
  const stillThere = await db.transaction(async (tx) => {
    const dataset = await repo.findDataset(tx, id);
    if (!dataset) return false;
    await dataRepo.finishLoad(tx, loadId, { status: 'success', dataVersion: data.version, rowCount: data.rowCount });
    return dataRepo.setDatasetState(tx, id, 'ready', null, dataMetadata(dataset.metadata, id, data, options.format));
  });
  if (!stillThere) {
    // Deleted while loading: its files go too.
    await engine.deleteData(id);
    throw notFound('Dataset not found', `No dataset with id ${id}`);
  }
  return loadDataset(db, id);
}

async function loadDataset(db: Queryable, id: string): Promise<Dataset> {
  const dataset = await repo.findDataset(db, id);
  if (!dataset) throw notFound('Dataset not found', `No dataset with id ${id}`);
  return dataset;
}

export const noData = () => notFound('Dataset has no data', 'Upload it with PUT /v1/datasets/{id}/data');

/** GET /{id}/data: the stored data as an Arrow IPC stream or CSV (a copy: see checkDataDownload). */
export async function downloadData(
  db: Db,
  engine: Engine,
  identity: Identity,
  id: string,
  format: 'arrow' | 'csv',
): Promise<{ stream: Readable; contentType: string; version: string }> {
  await checkDataDownload(db, identity, id);
  const data = await engine.datasetData(id);
  const stream = data && (await engine.exportData(id, format));
  if (!data || !stream) throw noData();
  return { stream, contentType: format === 'csv' ? `${CSV}; charset=utf-8` : ARROW_STREAM, version: data.version };
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
export async function cloneData(tx: Queryable, engine: Engine, identity: Identity, source: Dataset, copyId: string): Promise<boolean> {
  const data = await engine.datasetData(source.id);
  if (!data) return false;
  await assertStorageQuota(tx, identity, identity.userId, data.sizeBytes);
  const copy = await engine.copyData(source.id, copyId);
  if (!copy) return false;
  await dataRepo.insertFinishedLoad(tx, { id: randomUUID(), datasetId: copyId, userId: identity.userId, source: 'clone', format: null }, copy.version, copy.rowCount);
  const format = typeof source.metadata.sourceFormat === 'string' ? (source.metadata.sourceFormat as UploadFormat) : null;
  await dataRepo.setDatasetState(tx, copyId, 'ready', null, dataMetadata(source.metadata, copyId, copy, format));
  return true;
}

export const emptyBody = () => badRequest('The request has no body', 'Send the file as the request body');
