// Storage connections end to end: s3 against s3rver on loopback (test-support/s3rver-process.ts) (allowed as an administrator would), through the
// routes; google-cloud-storage against a fake JSON API and token endpoint (connectors/storage/test-support/fake-gcs.ts),
// through the service with the driver pointed at it (the registry's driver only ever goes to Google).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gcsDriver } from '../../connectors/storage/gcs.js';
import { planetDriver } from '../../connectors/storage/planet.js';
import { s3Driver } from '../../connectors/storage/s3.js';
import { fakeGcs, type FakeGcs } from '../../connectors/storage/test-support/fake-gcs.js';
import type { Identity } from '../../http/identity.js';
import { addUser, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { findOrganizationIdByName, setFeatureFlags } from '../organizations/repo.js';
import { findIdentity } from '../users/repo.js';
import { eventually } from '../query/test-support/helpers.js';
import { BackgroundJobs } from '../../jobs/background-jobs.js';
import { importObject, listObjects, type StorageDrivers } from './storage-service.js';
import { startS3rver, type S3rverProcess } from './test-support/s3rver-process.js';

const KEY_HEX = randomBytes(32).toString('hex');
const SECRET = 'sentinel-s3-secret-access-key-7b41';
const BUCKET = 'atlas-files';
const CSV = 'lat,lng,name\n1.5,2.5,north\n3.5,4.5,south\n';
const EMAIL = 'storage-reader@atlas-test.iam.gserviceaccount.com';
const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = account.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const serviceAccountKey = (privateKey = PRIVATE_KEY) =>
  JSON.stringify({ type: 'service_account', project_id: 'atlas-test', private_key: privateKey, client_email: EMAIL, token_uri: 'https://token.example.invalid/token' });

let s3: S3rverProcess;
let endpoint: string;
let gcs: FakeGcs;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'atlas-storage-'));
  s3 = await startS3rver(folder, [BUCKET, 'other-bucket']);
  endpoint = s3.endpoint;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const put = (Key: string, Body: Buffer | string, ContentType?: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body, ContentType }));
  await put('exports/points.csv', CSV, 'text/csv');
  await put('exports/points.csv.gz', gzipSync(CSV), 'application/gzip');
  await put('exports/broken.csv.gz', 'not gzip at all', 'application/gzip');
  await put('exports/notes.txt', 'hello', 'text/plain');
  await put('exports/2024/a.csv', CSV);
  await put('exports/2024/b.csv', CSV);
  await put('exports/2025/c.csv', CSV);
  await put('readme.md', '# files');
  client.destroy();
  gcs = await fakeGcs({
    account: { email: EMAIL, publicKey: account.publicKey },
    project: 'atlas-test',
    buckets: { 'gcs-files': { 'data/points.csv': Buffer.from(CSV), 'data/points.csv.gz': gzipSync(CSV), 'data/deep/x.csv': Buffer.from(CSV), 'top.csv': Buffer.from(CSV) }, 'gcs-other': {} },
  });
});
afterAll(async () => {
  await s3.close();
  await gcs.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(testStores())('storage connections on $name', (store) => {
  const h = useHarness(store, { allowedConnectionHosts: ['127.0.0.1'] });
  const savedKey = process.env.ATLAS_SECRETS_KEY;
  const answers: string[] = [];
  let outsider: TestUser;
  let demoId: string;
  const storageFlag = (enabled: boolean) => setFeatureFlags(h.db, demoId, { 'storage-connectors-enabled': enabled });
  // The service's imports (the routes' are the app's, stopped when it closes).
  const imports = new BackgroundJobs();
  const deps = () => ({ db: h.db, engine: h.engine, imports });

  beforeAll(async () => {
    process.env.ATLAS_SECRETS_KEY = KEY_HEX;
    outsider = await addUser(h.db, { email: `outsider-${store.name}@storage.test`, organization: 'Storage Other' });
    demoId = (await findOrganizationIdByName(h.db, 'Demo'))!;
    await storageFlag(true);
  });
  afterAll(async () => {
    await imports.stopAll();
    if (savedKey === undefined) delete process.env.ATLAS_SECRETS_KEY;
    else process.env.ATLAS_SECRETS_KEY = savedKey;
    // No answer of the suite carries a secret.
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('PRIVATE KEY');
    }
  });

  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });
    answers.push(response.body);
    return response;
  };
  const s3Options = (extra: object = {}) => ({ bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', endpoint, forcePathStyle: true, password: SECRET, ...extra });
  // Private: the owner's organization reads it (public_read would open it to every signed-in user).
  const createConnection = async (type: string, options: object) => {
    const response = await call('analyst@example.com', 'POST', '/v1/data-connections', { name: `storage ${type}`, type, options });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const csvOf = async (datasetId: string) => (await call('analyst@example.com', 'GET', `/v1/datasets/${datasetId}/data?format=csv`)).body;
  const identityOf = async (email: string) => (await findIdentity(h.db, await userId(h.db, email))) as Identity;
  // An import answers the dataset pending; its load ends in the background.
  const settled = (datasetId: string) =>
    eventually(async () => (await call('analyst@example.com', 'GET', `/v1/datasets/${datasetId}`)).json(), (dataset) => dataset.status !== 'pending', 20_000);
  const started = (response: { statusCode: number; body: string; json(): { id: string; status: string } }) => {
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().status).toBe('pending');
    return settled(response.json().id);
  };
  // An s3 driver whose object is this body instead of s3rver's.
  const serving = (body: Readable, size: number): StorageDrivers => ({
    s3: { ...s3Driver, openObject: async () => ({ body, size, contentType: 'text/csv' }) },
    'google-cloud-storage': gcsDriver({ api: gcs.api, token: gcs.token }),
    planet: planetDriver(),
  });

  it('refuses creating, browsing and importing while the organization has storage-connectors-enabled off', async () => {
    const id = await createConnection('s3', s3Options());
    await storageFlag(false);
    try {
      const refused = { message: 'Storage connectors are not enabled for your organization', details: 'An administrator turns on storage-connectors-enabled in the console' };
      const created = await call('analyst@example.com', 'POST', '/v1/data-connections', { name: 'storage off', type: 's3', options: s3Options() });
      expect([created.statusCode, created.json()]).toEqual([403, { ...refused, appStatusCode: 'FORBIDDEN' }]);
      expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects`)).statusCode).toBe(403);
      const imported = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/points.csv' });
      expect(imported.json()).toMatchObject(refused);
      // Warehouses are not concerned, and the storage connection itself can still be read (and deleted).
      expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${id}`)).statusCode).toBe(200);
      expect((await call('analyst@example.com', 'POST', '/v1/data-connections', { name: 'warehouse', type: 'postgres', options: { host: '127.0.0.1', database: 'd', user: 'u' } })).statusCode).toBe(201);
    } finally {
      await storageFlag(true);
    }
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects`)).statusCode).toBe(200);
  });

  it('browses buckets, folders and objects page by page', async () => {
    const id = await createConnection('s3', s3Options());
    const listed = await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects?prefix=exports/`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      bucket: BUCKET,
      prefix: 'exports/',
      items: [
        { kind: 'folder', key: 'exports/2024/' },
        { kind: 'folder', key: 'exports/2025/' },
        { kind: 'object', key: 'exports/broken.csv.gz', size: 15, lastModified: expect.any(String) },
        { kind: 'object', key: 'exports/notes.txt', size: 5, lastModified: expect.any(String) },
        { kind: 'object', key: 'exports/points.csv', size: CSV.length, lastModified: expect.any(String) },
        { kind: 'object', key: 'exports/points.csv.gz', size: gzipSync(CSV).length, lastModified: expect.any(String) },
      ],
      nextPageToken: null,
    });
    // The root: one folder and one object.
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects`)).json().items).toEqual([
      { kind: 'folder', key: 'exports/' },
      { kind: 'object', key: 'readme.md', size: 7, lastModified: expect.any(String) },
    ]);
    // Pages of one, each asked with the token of the one before.
    const keys: string[] = [];
    let token: string | null = null;
    do {
      const query = `prefix=exports/2024/&pageSize=1${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const page = await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects?${query}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().items).toHaveLength(1);
      keys.push(page.json().items[0].key);
      token = page.json().nextPageToken;
    } while (token);
    expect(keys).toEqual(['exports/2024/a.csv', 'exports/2024/b.csv']);
    // Another bucket than the connection's is refused; a connection without one lists the buckets, then any of them.
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/objects?bucket=other-bucket`)).json()).toMatchObject({ message: 'The connection reaches only its own bucket' });
    const anyBucket = await createConnection('s3', s3Options({ bucket: undefined }));
    const buckets = await call('analyst@example.com', 'GET', `/v1/data-connections/${anyBucket}/objects`);
    expect(buckets.json()).toEqual({ bucket: null, prefix: '', items: [{ kind: 'bucket', key: BUCKET }, { kind: 'bucket', key: 'other-bucket' }], nextPageToken: null });
    const inside = await call('analyst@example.com', 'GET', `/v1/data-connections/${anyBucket}/objects?bucket=${BUCKET}&prefix=exports/2024/`);
    expect(inside.json().items.map((item: { key: string }) => item.key)).toEqual(['exports/2024/a.csv', 'exports/2024/b.csv']);
    // The connection's prefix confines it.
    const confined = await createConnection('s3', s3Options({ prefix: 'exports/2024/' }));
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${confined}/objects`)).json().items).toHaveLength(2);
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${confined}/objects?prefix=exports/`)).json()).toMatchObject({ message: "Outside the connection's prefix" });
    expect((await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: id })).json()).toEqual({ ok: true });
  });

  it('imports CSV, gzip-compressed CSV and Parquet into ready datasets of the caller, linked to the connection', async () => {
    const id = await createConnection('s3', s3Options());
    const analyst = await userId(h.db, 'analyst@example.com');
    const plain = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/points.csv', name: 'Points' });
    // Answered at once, pending, queued; then read to the end (fraction 1) and ready.
    expect(plain.statusCode, plain.body).toBe(202);
    expect(plain.json()).toMatchObject({
      name: 'Points',
      status: 'pending',
      ownerId: analyst,
      dataConnection: { id },
      metadata: { storageObject: { bucket: BUCKET, key: 'exports/points.csv' }, progress: { phase: 'queued', fraction: 0, bytes: 0, total: CSV.length } },
    });
    expect(await started(plain)).toMatchObject({
      status: 'ready',
      errorMessage: null,
      metadata: { rowCount: 2, sourceFormat: 'csv', storageObject: { bucket: BUCKET, key: 'exports/points.csv' }, progress: { phase: 'read', fraction: 1, bytes: CSV.length, total: CSV.length } },
    });
    const rows = await csvOf(plain.json().id);
    expect(rows).toBe(CSV);

    const gzipped = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/points.csv.gz' });
    expect(gzipped.json()).toMatchObject({ name: 'points.csv.gz', status: 'pending' });
    expect(await started(gzipped)).toMatchObject({ status: 'ready', metadata: { rowCount: 2, progress: { phase: 'read', fraction: 1, bytes: gzipSync(CSV).length } } });
    expect(await csvOf(gzipped.json().id)).toBe(CSV);

    // Parquet: the first dataset's data as the engine stores it, put in the bucket.
    const file = path.join(h.dataDir, 'tmp', 'points.parquet');
    await mkdir(path.dirname(file), { recursive: true });
    await h.engine.queryRows(`COPY (SELECT * FROM (VALUES (1.5, 2.5, 'north'), (3.5, 4.5, 'south')) AS t(lat, lng, name)) TO '${file}' (FORMAT parquet)`, []);
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `exports/2025/${store.name}.parquet`, Body: await readFile(file) }));
    client.destroy();
    const parquet = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: `exports/2025/${store.name}.parquet` });
    expect(await started(parquet)).toMatchObject({ status: 'ready', metadata: { rowCount: 2, sourceFormat: 'parquet' } });
    expect(await csvOf(parquet.json().id)).toBe(CSV);

    // The connection lists them.
    const linked = (await call('analyst@example.com', 'GET', `/v1/data-connections/${id}/datasets`)).json();
    expect(linked.items.map((dataset: { id: string }) => dataset.id).sort()).toEqual([plain.json().id, gzipped.json().id, parquet.json().id].sort());
  });

  it('ends a bad file in error, and refuses missing keys, unknown formats and callers without the right', async () => {
    const id = await createConnection('s3', s3Options());
    const broken = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/broken.csv.gz' });
    expect(await started(broken)).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/gzip/i) });

    const before = await h.count('datasets');
    const missing = await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/nothing.csv' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Object not found', details: `No object "exports/nothing.csv" in bucket "${BUCKET}"` });
    expect((await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/notes.txt' })).statusCode).toBe(415);
    expect((await call('analyst@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/2024/' })).statusCode).toBe(400);
    // A viewer of the organization may browse the connection but not make datasets; another organization sees nothing.
    expect((await call('viewer@example.com', 'GET', `/v1/data-connections/${id}/objects`)).statusCode).toBe(200);
    expect((await call('viewer@example.com', 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/points.csv' })).statusCode).toBe(403);
    expect((await call(outsider.email, 'GET', `/v1/data-connections/${id}/objects`)).statusCode).toBe(404);
    expect((await call(outsider.email, 'POST', `/v1/data-connections/${id}/import`, { key: 'exports/points.csv' })).statusCode).toBe(404);
    expect(await h.count('datasets')).toBe(before);
    expect((await h.app.inject({ method: 'GET', url: `/v1/data-connections/${id}/objects` })).statusCode).toBe(401);
  });

  it('refuses a loopback endpoint without the allow-list, a missing secret and a warehouse connection; answers the store\'s refusal as 422', async () => {
    const id = await createConnection('s3', s3Options());
    const analyst = await identityOf('analyst@example.com');
    await expect(listObjects(h.db, analyst, id, {}, [])).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    await expect(importObject(deps(), analyst, id, { key: 'exports/points.csv' }, [])).rejects.toMatchObject({ statusCode: 422 });
    const noSecret = await createConnection('s3', s3Options({ password: undefined }));
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${noSecret}/objects`)).json()).toMatchObject({
      message: 'Could not connect to the storage',
      details: 'An S3 connection needs its access key id and secret access key',
    });
    const unknownKey = await createConnection('s3', s3Options({ accessKeyId: 'NOT-A-KEY' }));
    const refused = await call('analyst@example.com', 'GET', `/v1/data-connections/${unknownKey}/objects`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Could not list the objects', details: expect.stringContaining('InvalidAccessKeyId') });
    const warehouse = await createConnection('postgres', { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' });
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${warehouse}/objects`)).json()).toMatchObject({ message: 'Not a storage connection' });
    // Queries are still refused on storage.
    expect((await call('analyst@example.com', 'POST', '/v1/data-queries/json', { connectionId: id, query: 'SELECT 1' })).json()).toMatchObject({ message: 'Not a database connection' });
    // The secret is bound to where it was entered for: another endpoint without the secret sent again drops it.
    const moved = await call('analyst@example.com', 'PUT', `/v1/data-connections/${id}`, { options: s3Options({ endpoint: 'https://s3.example.com', password: undefined }) });
    expect(moved.json()).toMatchObject({ hasPassword: false, options: { endpoint: 'https://s3.example.com' } });
  });

  it('ends an import in error when the store stops sending the object, or when the app closes while it is read', async () => {
    const id = await createConnection('s3', s3Options());
    const analyst = await identityOf('analyst@example.com');
    const allowed = ['127.0.0.1'];
    const part = 'lat,lng\n1,2\n';
    // Sends a part when first read, then fails.
    let reads = 0;
    const failing = new Readable({
      read() {
        if (reads++ === 0) this.push(part);
        else this.destroy(new Error('socket hang up'));
      },
    });
    const cut = await importObject(deps(), analyst, id, { key: 'exports/cut.csv' }, allowed, serving(failing, 1000));
    expect(cut).toMatchObject({ status: 'pending', metadata: { progress: { phase: 'queued', total: 1000 } } });
    expect(await settled(cut.id)).toMatchObject({
      status: 'error',
      errorMessage: 'Could not read the object: The storage stopped sending it',
      metadata: { progress: { phase: 'reading', bytes: part.length, total: 1000, fraction: 0.012 } },
    });

    // An object that never ends: stopping the app's imports (its onClose) drops it, and the record says so.
    const closing = new BackgroundJobs();
    const endless = new Readable({ read() {} });
    endless.push(part);
    const stopped = await importObject({ ...deps(), imports: closing }, analyst, id, { key: 'exports/endless.csv' }, allowed, serving(endless, 1000));
    // The load is recorded before the answer, so a server that stops now fails it at its next start (crash recovery).
    expect(await h.db.query('SELECT status, instance_id FROM dataset_loads WHERE dataset_id = $1', [stopped.id])).toEqual([
      { status: 'running', instance_id: h.engine.cluster.instanceId },
    ]);
    await closing.stopAll();
    expect(endless.destroyed).toBe(true);
    expect((await call('analyst@example.com', 'GET', `/v1/datasets/${stopped.id}`)).json()).toMatchObject({
      status: 'error',
      errorMessage: 'The import was interrupted: The server stopped; import the object again',
    });
  });

  it('browses and imports from Google Cloud Storage through its JSON API', async () => {
    const drivers = { s3: s3Driver, 'google-cloud-storage': gcsDriver({ api: gcs.api, token: gcs.token }), planet: planetDriver() };
    const analyst = await identityOf('analyst@example.com');
    const id = await createConnection('google-cloud-storage', { projectId: 'atlas-test', password: serviceAccountKey() });
    const allowed = ['127.0.0.1'];
    expect(await listObjects(h.db, analyst, id, {}, allowed, drivers)).toEqual({
      bucket: null,
      prefix: '',
      items: [{ kind: 'bucket', key: 'gcs-files' }, { kind: 'bucket', key: 'gcs-other' }],
      nextPageToken: null,
    });
    const first = await listObjects(h.db, analyst, id, { bucket: 'gcs-files', prefix: 'data/', pageSize: 2 }, allowed, drivers);
    expect(first).toEqual({
      bucket: 'gcs-files',
      prefix: 'data/',
      items: [
        { kind: 'folder', key: 'data/deep/' },
        { kind: 'object', key: 'data/points.csv', size: CSV.length, lastModified: '2024-05-06T07:08:09.000Z' },
      ],
      nextPageToken: '2',
    });
    const second = await listObjects(h.db, analyst, id, { bucket: 'gcs-files', prefix: 'data/', pageSize: 2, pageToken: '2' }, allowed, drivers);
    expect(second.items.map((item) => item.key)).toEqual(['data/points.csv.gz']);
    expect(second.nextPageToken).toBeNull();

    const imported = await importObject(deps(), analyst, id, { bucket: 'gcs-files', key: 'data/points.csv.gz' }, allowed, drivers);
    expect(imported).toMatchObject({ status: 'pending', dataConnection: { id } });
    expect(await settled(imported.id)).toMatchObject({ status: 'ready', metadata: { rowCount: 2, progress: { phase: 'read', fraction: 1 } } });
    expect(await csvOf(imported.id)).toBe(CSV);
    await expect(importObject(deps(), analyst, id, { bucket: 'gcs-files', key: 'data/none.csv' }, allowed, drivers)).rejects.toMatchObject({ statusCode: 404, message: 'Object not found' });
    await expect(listObjects(h.db, analyst, id, { bucket: 'gcs-missing' }, allowed, drivers)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Could not list the objects',
      details: '404: The specified bucket does not exist.',
    });
    // The key's own token_uri is never asked; another key is refused by the token endpoint; loopback needs the allow-list.
    const wrongKey = await createConnection('google-cloud-storage', { bucket: 'gcs-files', password: serviceAccountKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()) });
    await expect(listObjects(h.db, analyst, wrongKey, {}, allowed, drivers)).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the storage' });
    await expect(listObjects(h.db, analyst, id, { bucket: 'gcs-files' }, [], drivers)).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    const noKey = await createConnection('google-cloud-storage', { bucket: 'gcs-files' });
    await expect(listObjects(h.db, analyst, noKey, {}, allowed, drivers)).rejects.toMatchObject({ details: 'A Google Cloud Storage connection needs its service account key (JSON)' });
    expect(gcs.requests().every((request) => request.startsWith('/storage/v1/b'))).toBe(true);
  });
});
