// Storage connections (s3, google-cloud-storage): browsing a bucket and importing one of its objects as a dataset
// (docs/storage-connections.md). Both need read access on the connection (the one access check, through
// openConnection); an import creates the dataset through the datasets service (seat, quota, the connection as
// dataConnection) and streams the object into it through the same load as an upload.
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppStatusCode, STORAGE_PAGE_SIZE, type Dataset, type ImportStorageObjectRequest, type StorageObjectList, type StorageObjectsQuery } from '@atlas/domain';
import { bucketOf, isStorageType, prefixOf, notStorageConnection, STORAGE_DRIVERS, type StorageDriver, type StorageObject } from '../../connectors/storage/index.js';
import type { ConnectionTarget } from '../../connectors/types.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../engine/duckdb.js';
import { formatOfFileName } from '../../engine/ingest/decompress.js';
import type { Engine, UploadCompression, UploadFormat } from '../../engine/types.js';
import { assertCanCreate } from '../../http/access.js';
import { AppError, badRequest, invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { uploadData, uploadFormat } from '../datasets/data-service.js';
import { createDataset } from '../datasets/service.js';
import { openConnection } from './service.js';
import { assertStorageEnabled } from './storage-flag.js';

/** The drivers by type: STORAGE_DRIVERS (AWS's and Google's endpoints); only tests pass others. */
export type StorageDrivers = Record<'s3' | 'google-cloud-storage', StorageDriver>;

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
const readFailed = () => invalidInput('Could not read the object', 'The storage stopped sending it');

/** The object's bytes; the store failing mid-way is a 422 (the dataset then goes to error), not a server error. */
async function* guarded(body: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of body) yield chunk as Buffer;
  } catch {
    throw readFailed();
  }
}

/**
 * POST /v1/data-connections/{id}/import: a new dataset of the caller, its dataConnection this connection, loaded from
 * the object as an upload would be (new → pending → ready, or error with the reason). Answers the dataset once the
 * load ended; the object is streamed, never held in memory.
 */
export async function importObject(
  db: Db,
  engine: Engine,
  identity: Identity,
  id: string,
  request: ImportStorageObjectRequest,
  allowedHosts: readonly string[],
  drivers: StorageDrivers = STORAGE_DRIVERS,
): Promise<Dataset> {
  const { driver, target } = await openStorage(db, identity, id, allowedHosts, drivers);
  // Checked again by createDataset; here so a viewer seat makes no request to the store.
  assertCanCreate(identity, 'datasets');
  const bucket = bucketFor(target, request.bucket);
  if (bucket === null) throw badRequest('Name the bucket of the object', 'This connection has no bucket: send bucket with key');
  if (request.key.endsWith('/')) throw badRequest('The key names a folder', 'Import one object');
  assertUnderPrefix(target, request.key);
  const compression = compressionOfKey(request.key);
  const object = await driver.openObject(target, bucket, request.key);
  let dataset: Dataset;
  let format: UploadFormat | null;
  try {
    format = formatOf(request.key, compression, object);
    if (object.size !== null && object.size > DEFAULT_MAX_UPLOAD_BYTES) throw tooLarge();
    dataset = await createDataset(db, identity, {
      name: request.name ?? path.posix.basename(request.key).slice(0, 200),
      dataConnectionId: id,
      metadata: { storageObject: { bucket, key: request.key } },
    });
  } catch (error) {
    object.body.destroy();
    throw error;
  }
  return uploadData(db, engine, identity, dataset.id, Readable.from(guarded(object.body)), {
    format,
    compression,
    skipArrow: false,
    contentLength: object.size,
  });
}
