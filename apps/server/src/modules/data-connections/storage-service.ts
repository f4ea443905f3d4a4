// Storage connections (s3, google-cloud-storage): browsing a bucket and importing one of its objects as a dataset
// (docs/storage-connections.md). Both need read access on the connection (the one access check, through
// openConnection); an import creates the dataset through the datasets service (seat, quota, the connection as
// dataConnection), answers it pending and streams the object into it in the background through the same load as an
// upload (storage-import.ts).
import path from 'node:path';
import { AppStatusCode, STORAGE_PAGE_SIZE, type Dataset, type ImportStorageObjectRequest, type StorageObjectList, type StorageObjectsQuery } from '@atlas/domain';
import { bucketOf, isStorageType, prefixOf, notStorageConnection, STORAGE_DRIVERS, type StorageConnectionType, type StorageDriver, type StorageObject } from '../../connectors/storage/index.js';
import type { ConnectionTarget } from '../../connectors/types.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../engine/duckdb.js';
import { formatOfFileName } from '../../engine/ingest/decompress.js';
import type { Engine, UploadCompression, UploadFormat } from '../../engine/types.js';
import { assertCanCreate } from '../../http/access.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { startUpload, uploadFormat } from '../datasets/data-service.js';
import { presentDataset } from '../datasets/present.js';
import { deleteDataset } from '../datasets/repo.js';
import { createDataset } from '../datasets/service.js';
import { assertQuota } from '../quota/service.js';
import type { BackgroundJobs } from '../../jobs/background-jobs.js';
import { importProgress } from './import-progress.js';
import { openConnection } from './service.js';
import { assertStorageEnabled } from './storage-flag.js';
import { runImport } from './storage-import.js';

/** The drivers by type: STORAGE_DRIVERS (AWS's, Google's and Planet's endpoints); only tests pass others. */
export type StorageDrivers = Record<StorageConnectionType, StorageDriver>;

interface OpenStorage {
  driver: StorageDriver;
  target: ConnectionTarget;
}

/** The connection, read access checked, with its driver; 422 for a warehouse connection, 403 with storage turned off. */
async function openStorage(db: Db, identity: Identity, id: string, allowedHosts: readonly string[], drivers: StorageDrivers): Promise<OpenStorage> {
  const { connector, target } = await openConnection(db, identity, id, allowedHosts);
  if (!isStorageType(connector.type)) throw notStorageConnection(connector.type);
  await assertStorageEnabled(db, identity, connector.type);
  return { driver: drivers[connector.type], target };
}

/** The connection's bucket, or the one asked for when the connection names none; null when neither does. */
function bucketFor(target: ConnectionTarget, asked: string | undefined): string | null {
  const own = bucketOf(target);
  if (own !== null && asked !== undefined && asked !== own) throw badRequest('The connection reaches only its own bucket', `Its bucket is "${own}"`);
  return own ?? asked ?? null;
}

function assertUnderPrefix(target: ConnectionTarget, keyOrPrefix: string): void {
  const base = prefixOf(target);
  if (!keyOrPrefix.startsWith(base)) throw badRequest("Outside the connection's prefix", `Keys of this connection start with "${base}"`);
}

/** GET /v1/data-connections/{id}/objects: the buckets (connection without one, no ?bucket), else one page under the prefix. */
export async function listObjects(
  db: Db,
  identity: Identity,
  id: string,
  query: StorageObjectsQuery,
  allowedHosts: readonly string[],
  drivers: StorageDrivers = STORAGE_DRIVERS,
): Promise<StorageObjectList> {
  const { driver, target } = await openStorage(db, identity, id, allowedHosts, drivers);
  const pageSize = query.pageSize ?? STORAGE_PAGE_SIZE;
  const bucket = bucketFor(target, query.bucket);
  if (bucket === null) {
    if (query.prefix) throw badRequest('Name the bucket to list under a prefix', 'Send ?bucket= with ?prefix=');
    return { bucket: null, prefix: '', ...(await driver.listBuckets(target, { pageToken: query.pageToken, pageSize })) };
  }
  const prefix = query.prefix ?? prefixOf(target);
  assertUnderPrefix(target, prefix);
  return { bucket, prefix, ...(await driver.listObjects(target, { bucket, prefix, pageToken: query.pageToken, pageSize })) };
}

/** gzip or zip from the key's last extension; null lets the engine tell from the first bytes. */
function compressionOfKey(key: string): UploadCompression | null {
  if (/\.gz$/i.test(key)) return 'gzip';
  if (/\.zip$/i.test(key)) return 'zip';
  return null;
}

/** The format from the key (`points.csv.gz` is CSV), else the object's content type (415 when neither says it); a zip's comes from the file inside. */
function formatOf(key: string, compression: UploadCompression | null, object: StorageObject): UploadFormat | null {
  if (compression === 'zip') return null;
  const inner = compression === 'gzip' ? key.replace(/\.gz$/i, '') : key;
  return formatOfFileName(inner) ?? uploadFormat(object.contentType ?? undefined, undefined, compression);
}

const tooLarge = () => new AppError(413, 'The object is too large', AppStatusCode.PayloadTooLarge, `At most ${DEFAULT_MAX_UPLOAD_BYTES} bytes`);
const MEGABYTE = 1024 * 1024;

export interface ImportDeps {
  db: Db;
  engine: Engine;
  /** The imports running in this app: closing it stops them (see runImport) and waits until each recorded its end. */
  imports: BackgroundJobs;
}

/**
 * POST /v1/data-connections/{id}/import: a new dataset of the caller, its dataConnection this connection, answered
 * at once pending; the object is then streamed into it in the background through the same load as an upload
 * (pending → ready, or error with the reason), metadata.progress saying how much of it was read.
 */
export async function importObject(
  deps: ImportDeps,
  identity: Identity,
  id: string,
  request: ImportStorageObjectRequest,
  allowedHosts: readonly string[],
  drivers: StorageDrivers = STORAGE_DRIVERS,
): Promise<Dataset> {
  const { db } = deps;
  const { driver, target } = await openStorage(db, identity, id, allowedHosts, drivers);
  // Checked again by createDataset; here so a viewer seat makes no request to the store.
  assertCanCreate(identity, 'datasets');
  const bucket = bucketFor(target, request.bucket);
  if (bucket === null) throw badRequest('Name the bucket of the object', 'This connection has no bucket: send bucket with key');
  if (request.key.endsWith('/')) throw badRequest('The key names a folder', 'Import one object');
  assertUnderPrefix(target, request.key);
  const compression = compressionOfKey(request.key);
  const object = await driver.openObject(target, bucket, request.key);
  // Its errors surface where it is read (storage-import.ts); one before then must not be an uncaught 'error' event.
  object.body.on('error', () => undefined);
  let datasetId: string | undefined;
  let format: UploadFormat | null;
  let loadId: string;
  try {
    format = formatOf(request.key, compression, object);
    if (object.size !== null && object.size > DEFAULT_MAX_UPLOAD_BYTES) throw tooLarge();
    // The load checks it again; here so that a refused import leaves no dataset.
    await assertQuota(db, identity, 'storageMegabytes', Math.ceil((object.size ?? 0) / MEGABYTE));
    datasetId = (
      await createDataset(db, identity, {
        name: request.name ?? path.posix.basename(request.key).slice(0, 200),
        dataConnectionId: id,
        metadata: { storageObject: { bucket, key: request.key }, progress: importProgress('queued', 0, object.size) },
      })
    ).id;
    // The load is recorded before the answer: a server that stops after it fails the load at its next start.
    loadId = await startUpload(db, deps.engine, identity, datasetId, { format, compression, skipArrow: false, contentLength: object.size });
  } catch (error) {
    object.body.destroy();
    // Refused after all (a quota taken meanwhile): no dataset is left behind.
    if (datasetId !== undefined) await deleteDataset(db, datasetId);
    throw error;
  }
  try {
    // Read before the load starts, so the answer is the pending record.
    return await presentDataset(db, identity, datasetId);
  } finally {
    deps.imports.start(datasetId, (signal) => runImport({ db, engine: deps.engine, identity, datasetId, loadId, object, format, compression, signal }));
  }
}
