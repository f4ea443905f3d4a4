import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { RecordBatchStreamWriter, tableFromArrays, tableFromIPC } from 'apache-arrow';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesOfVersion } from '../../engine/test-support/engine.js';
import { addUser, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const ANALYST = 'analyst@example.com';

describe.each(testStores())('dataset data on $name', (store) => {
  const h = useHarness(store);
  let outsider: TestUser;

  beforeAll(async () => {
    outsider = await addUser(h.db, { email: 'outsider@data.test', organization: 'Data Other' });
  });

  const create = async (email = ANALYST) => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: await h.auth(email), payload: { name: `Data ${randomUUID().slice(0, 8)}` } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const upload = async (id: string, payload: string | Buffer, contentType: string, query = '', email = ANALYST) =>
    h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data${query}`, headers: { ...(await h.auth(email)), 'content-type': contentType }, payload });
  const download = async (id: string, query = '', headers: Record<string, string> = {}, email = ANALYST) =>
    h.app.inject({ method: 'GET', url: `/v1/datasets/${id}/data${query}`, headers: { ...(await h.auth(email)), ...headers } });
  const arrowRows = (body: Buffer) => tableFromIPC(body).toArray().map((row) => row.toJSON());
  const execution = async (id: string) => h.app.inject({ method: 'GET', url: `/v1/datasets/${id}/query-execution`, headers: await h.auth(ANALYST) });
  let port = 0;
  /** The app on a real port (once per suite), for uploads that stream over a socket. */
  const listening = async () => {
    if (!port) {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      port = (h.app.server.address() as AddressInfo).port;
    }
    return port;
  };
  const status = async (id: string) => (await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [id]))[0]!.status;
  const datasetFiles = async (id: string) => readdir(`${h.dataDir}/datasets/${id}`).catch(() => [] as string[]);

  it('uploads a CSV: pending → ready, metadata describes the data, and it downloads as Arrow and as CSV', async () => {
    const { id } = await create();
    const csv = 'city,lat,lng,visits,opened\nParis,48.8566,2.3522,120,2020-05-01\n"Rome, IT",41.9028,12.4964,,2019-01-31\n';
    const response = await upload(id, csv, 'text/csv');
    expect(response.statusCode, response.body).toBe(200);
    const dataset = response.json();
    // Ready before its Arrow copy exists: the answer counts the Parquet file alone; the copy counts (in the quota) once written.
    await h.engine.settled(id);
    const data = await h.engine.datasetData(id);
    const parquetBytes = (await stat(data!.parquetFiles[0]!)).size;
    expect(data).toMatchObject({ hasArrowCopy: true, sizeBytes: expect.toSatisfy((size: number) => size > parquetBytes) });
    expect((await h.db.query<{ size: string }>(`SELECT metadata->>'sizeBytes' AS size FROM datasets WHERE id = $1`, [id]))[0]!.size).toBe(String(data!.sizeBytes));
    expect(dataset).toMatchObject({ id, status: 'ready', errorMessage: null });
    expect(dataset.metadata).toEqual({
      contentType: 'application/vnd.apache.arrow.stream',
      storageReadPath: `/v1/datasets/${id}/data`,
      source: 'upload',
      type: 'managed',
      sourceFormat: 'csv',
      columns: [
        { name: 'city', type: 'string' },
        { name: 'lat', type: 'number' },
        { name: 'lng', type: 'number' },
        { name: 'visits', type: 'integer' },
        { name: 'opened', type: 'date' },
      ],
      rowCount: 2,
      // The Parquet file, or with the Arrow copy when that was written before the answer was read.
      sizeBytes: expect.toSatisfy((size: number) => size === parquetBytes || size === data!.sizeBytes),
      dataVersion: data!.version,
      latColumn: 'lat',
      lngColumn: 'lng',
    });

    const arrow = await download(id);
    expect(arrow.statusCode).toBe(200);
    expect(arrow.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
    expect(arrow.headers.etag).toBe(`"${data!.version}"`);
    // The Arrow copy is a file: its length is known before the body, so a browser can show progress against it.
    expect(arrow.headers['content-length']).toBe(String(arrow.rawPayload.length));
    const table = tableFromIPC(arrow.rawPayload);
    expect(table.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual(['city:Utf8', 'lat:Float64', 'lng:Float64', 'visits:Int64', 'opened:Date32<DAY>']);
    expect(arrowRows(arrow.rawPayload)).toEqual([
      { city: 'Paris', lat: 48.8566, lng: 2.3522, visits: 120n, opened: Date.UTC(2020, 4, 1) },
      { city: 'Rome, IT', lat: 41.9028, lng: 12.4964, visits: null, opened: Date.UTC(2019, 0, 31) },
    ]);
    const asCsv = await download(id, '?format=csv');
    expect(asCsv.statusCode).toBe(200);
    expect(asCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(asCsv.body).toBe('city,lat,lng,visits,opened\nParis,48.8566,2.3522,120,2020-05-01\n"Rome, IT",41.9028,12.4964,,2019-01-31\n');
    expect(asCsv.headers['content-length']).toBe(String(asCsv.rawPayload.length));
    const asParquet = await download(id, '?format=parquet');
    expect(asParquet.headers['content-length']).toBe(String(asParquet.rawPayload.length));
    const byAccept = await download(id, '', { accept: 'text/csv' });
    expect(byAccept.body).toBe(asCsv.body);

    const load = await execution(id);
    expect(load.statusCode).toBe(200);
    expect(load.json()).toEqual({
      id: expect.any(String),
      status: 'success',
      source: 'upload',
      format: 'csv',
      dataVersion: data!.version,
      rowCount: 2,
      error: null,
      startedAt: ISO,
      finishedAt: ISO,
    });
  });

  it('uploads GeoJSON (content type or ?format=) with properties, geometry and point coordinates', async () => {
    const { id } = await create();
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'a', size: 1.5 }, geometry: { type: 'Point', coordinates: [2.35, 48.85] } },
        { type: 'Feature', properties: { name: 'b', size: 2 }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } },
      ],
    });
    const response = await upload(id, geojson, 'application/octet-stream', '?format=geojson');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().metadata).toMatchObject({
      sourceFormat: 'geojson',
      columns: [
        { name: 'name', type: 'string' },
        { name: 'size', type: 'number' },
        { name: 'geometry', type: 'geometry' },
        { name: 'lat', type: 'number' },
        { name: 'lng', type: 'number' },
      ],
      rowCount: 2,
      latColumn: 'lat',
      lngColumn: 'lng',
      geometryColumn: 'geometry',
    });
    expect(arrowRows((await download(id)).rawPayload)).toEqual([
      { name: 'a', size: 1.5, geometry: '{"type":"Point","coordinates":[2.35,48.85]}', lat: 48.85, lng: 2.35 },
      { name: 'b', size: 2, geometry: '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}', lat: null, lng: null },
    ]);
    const second = await upload(id, geojson, 'application/geo+json');
    expect(second.json()).toMatchObject({ status: 'ready', metadata: { rowCount: 2 } });
  });

  it('uploads Arrow IPC and Parquet (a round trip of its own CSV download as Parquet through DuckDB)', async () => {
    const { id } = await create();
    const table = tableFromArrays({ id: Int32Array.from([1, 2, 3]), score: Float64Array.from([0.5, 0.25, 1]), label: ['x', 'y', 'z'] });
    const arrow = Buffer.from(RecordBatchStreamWriter.writeAll(table).toUint8Array(true));
    const response = await upload(id, arrow, 'application/vnd.apache.arrow.stream');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().metadata).toMatchObject({
      sourceFormat: 'arrow',
      rowCount: 3,
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'score', type: 'number' },
        { name: 'label', type: 'string' },
      ],
    });
    expect(arrowRows((await download(id)).rawPayload)).toEqual([
      { id: 1, score: 0.5, label: 'x' },
      { id: 2, score: 0.25, label: 'y' },
      { id: 3, score: 1, label: 'z' },
    ]);

    const data = await h.engine.datasetData(id);
    const parquetPath = data!.relation.slice("read_parquet('".length, -2);
    const { readFile } = await import('node:fs/promises');
    const parquet = await readFile(parquetPath);
    const other = await create();
    const fromParquet = await upload(other.id, parquet, 'application/vnd.apache.parquet');
    expect(fromParquet.statusCode, fromParquet.body).toBe(200);
    expect(fromParquet.json().metadata).toMatchObject({ sourceFormat: 'parquet', rowCount: 3 });
    expect((await download(other.id, '?format=csv')).body).toBe('id,score,label\n1,0.5,x\n2,0.25,y\n3,1.0,z\n');
  });

  it('honours skipArrow: no Arrow copy is stored, Arrow downloads are encoded on the fly', async () => {
    const { id } = await create();
    const response = await upload(id, 'a,b\n1,x\n', 'text/csv', '?skipArrow=true');
    expect(response.statusCode).toBe(200);
    const data = await h.engine.datasetData(id);
    expect(data!.hasArrowCopy).toBe(false);
    expect((await datasetFiles(id)).sort()).toEqual([`${data!.version}.parquet`]);
    const encoded = await download(id);
    expect(arrowRows(encoded.rawPayload)).toEqual([{ a: 1n, b: 'x' }]);
    // Encoded while the query runs: no length is known up front, so none is claimed.
    expect(encoded.headers['content-length']).toBeUndefined();
    await upload(id, 'a,b\n2,y\n', 'text/csv');
    await h.engine.settled(id);
    const next = await h.engine.datasetData(id);
    expect(filesOfVersion(await datasetFiles(id), next!.version)).toEqual(['arrow', 'parquet']);
  });

  it('a broken CSV leaves the dataset in error with the reason, and its previous data downloadable', async () => {
    const { id } = await create();
    await upload(id, 'n\n1\n2\n', 'text/csv');
    await h.engine.settled(id);
    const before = await h.engine.datasetData(id);
    const response = await upload(id, 'a,b\n1,2\n3,4,5\n', 'text/csv');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'error',
      errorMessage: 'Could not parse the CSV file: The rows do not share one layout (a different number of columns, or an unclosed quote)',
      metadata: { rowCount: 2, dataVersion: before!.version },
    });
    expect(await h.engine.datasetData(id)).toEqual(before);
    expect((await download(id, '?format=csv')).body).toBe('n\n1\n2\n');
    expect((await execution(id)).json()).toMatchObject({
      status: 'failure',
      format: 'csv',
      dataVersion: null,
      rowCount: null,
      error: 'Could not parse the CSV file: The rows do not share one layout (a different number of columns, or an unclosed quote)',
      finishedAt: ISO,
    });
    const fixed = await upload(id, 'n\n3\n', 'text/csv');
    expect(fixed.json()).toMatchObject({ status: 'ready', errorMessage: null, metadata: { rowCount: 1 } });
  });

  it('an upload cut off midway leaves the previous data intact', async () => {
    const { id } = await create();
    await upload(id, 'n\n1\n', 'text/csv');
    await h.engine.settled(id);
    const before = await h.engine.datasetData(id);
    const { authorization } = await h.auth(ANALYST);
    await listening();
    await new Promise<void>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'PUT', path: `/v1/datasets/${id}/data`, headers: { authorization, 'content-type': 'text/csv', 'content-length': 10_000_000 } });
      request.on('error', () => resolve());
      request.write(`n\n${'5\n'.repeat(100_000)}`, () => setTimeout(() => request.destroy(), 100));
    });
    await expect.poll(async () => (await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [id]))[0]!.status, { timeout: 5000 }).toBe('error');
    const row = (await h.db.query<{ error_message: string }>('SELECT error_message FROM datasets WHERE id = $1', [id]))[0]!;
    expect(row.error_message).toMatch(/^The upload was interrupted: /);
    expect(await h.engine.datasetData(id)).toEqual(before);
    // The partial upload was removed (as is, shortly after the download, the CSV export).
    await expect.poll(() => readdir(`${h.dataDir}/tmp`)).toEqual([]);
    expect((await download(id, '?format=csv')).body).toBe('n\n1\n');
  });

  it('shows the dataset pending and its load running while the upload streams in', async () => {
    const { id } = await create();
    const { authorization } = await h.auth(ANALYST);
    await listening();
    const request = http.request({ host: '127.0.0.1', port, method: 'PUT', path: `/v1/datasets/${id}/data`, headers: { authorization, 'content-type': 'text/csv' } });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (part: Buffer) => (body += part.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
    });
    request.write('n\n1\n');
    await expect.poll(() => status(id)).toBe('pending');
    const seenByOthers = await h.app.inject({ method: 'GET', url: `/v1/datasets/${id}`, headers: await h.auth('viewer@example.com') });
    expect(seenByOthers.json()).toMatchObject({ status: 'pending', errorMessage: null });
    expect((await execution(id)).json()).toMatchObject({ status: 'running', format: 'csv', dataVersion: null, rowCount: null, finishedAt: null });
    request.end('2\n');
    const { status: code, body } = await answer;
    expect(code).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ status: 'ready', metadata: { rowCount: 2 } });
    expect((await execution(id)).json()).toMatchObject({ status: 'success', rowCount: 2 });
  });

  it('refuses unknown formats, empty bodies and bad parameters without touching the dataset', async () => {
    const { id } = await create();
    const unsupported = await upload(id, 'x', 'application/octet-stream');
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toEqual({
      message: 'Unsupported content type',
      details:
        'Send text/csv, application/geo+json, application/vnd.apache.parquet or application/vnd.apache.arrow.stream, or name the format with ?format=csv|geojson|parquet|arrow (got "application/octet-stream")',
      appStatusCode: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect((await upload(id, 'x', 'text/csv', '?format=xlsx')).json()).toMatchObject({ appStatusCode: 'VALIDATION_FAILED' });
    const tooLarge = await h.app.inject({
      method: 'PUT',
      url: `/v1/datasets/${id}/data`,
      headers: { ...(await h.auth(ANALYST)), 'content-type': 'text/csv', 'content-length': String(11 * 1024 ** 3) },
      payload: 'a\n1\n',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The upload is too large', details: `At most ${10 * 1024 ** 3} bytes`, appStatusCode: 'PAYLOAD_TOO_LARGE' });
    const empty = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: await h.auth(ANALYST) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The request has no body', details: 'Send the file as the request body', appStatusCode: 'BAD_REQUEST' });
    expect((await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [id]))[0]!.status).toBe('new');
    expect(await h.count(`dataset_loads WHERE dataset_id = '${id}'`)).toBe(0);
    const none = await download(id);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Dataset has no data', details: 'Upload it with PUT /v1/datasets/{id}/data', appStatusCode: 'NOT_FOUND' });
    expect((await execution(id)).json()).toEqual({ message: 'Dataset has no data load', details: 'No data was ever uploaded to this dataset', appStatusCode: 'NOT_FOUND' });
    expect((await download(randomUUID())).statusCode).toBe(404);
    expect((await download('not-a-uuid')).statusCode).toBe(400);
  });

  it('checks access: other organizations see nothing, viewers read but cannot upload', async () => {
    const { id } = await create();
    await upload(id, 'n\n1\n', 'text/csv');
    const foreign = await upload(id, 'n\n2\n', 'text/csv', '', outsider.email);
    expect(foreign.statusCode).toBe(404);
    expect((await download(id, '', {}, outsider.email)).statusCode).toBe(404);
    const viewer = await upload(id, 'n\n2\n', 'text/csv', '', 'viewer@example.com');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().appStatusCode).toBe('FORBIDDEN');
    expect((await download(id, '?format=csv', {}, 'viewer@example.com')).body).toBe('n\n1\n');
    const unauthenticated = await h.app.inject({ method: 'GET', url: `/v1/datasets/${id}/data` });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await download(id, '?format=csv')).body).toBe('n\n1\n');
    expect((await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [id]))[0]!.status).toBe('ready');
  });

  it('refuses an upload over the owner storage quota (402) before reading it, and counts stored bytes', async () => {
    const owner = await addUser(h.db, { email: 'tiny-storage@data.test', organization: 'Data Tiny' });
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ('tiny-storage', 'Tiny', '{"maps":0,"datasets":5,"insights":0,"workbooks":0,"dataConnections":0,"storageMegabytes":1}')`,
    );
    await h.db.query("UPDATE users SET quota_policy_id = 'tiny-storage' WHERE id = $1", [owner.id]);
    const { id } = await create(owner.email);
    const headers = { ...(await h.auth(owner.email)), 'content-type': 'text/csv' };
    const response = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...headers, 'content-length': String(2 * 1024 * 1024) }, payload: 'n\n1\n' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'Quota exceeded for storageMegabytes', details: '0 of 1 used', appStatusCode: 'QUOTA_EXCEEDED' });
    expect((await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [id]))[0]!.status).toBe('new');
    expect(await h.count(`dataset_loads WHERE dataset_id = '${id}'`)).toBe(0);
    const fits = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers, payload: 'n\n1\n' });
    expect(fits.json()).toMatchObject({ status: 'ready' });
    const me = await h.app.inject({ method: 'GET', url: '/v1/users/me', headers: await h.auth(owner.email) });
    expect(me.json().quotaUsage.storageMegabytes).toBe(1);
  });

  it('clones the data with the dataset and deletes the files with it', async () => {
    const { id } = await create();
    await upload(id, 'n,lat,lng\n1,10,20\n', 'text/csv');
    const clone = await h.app.inject({ method: 'POST', url: `/v1/datasets/${id}/clone`, headers: await h.auth(ANALYST) });
    expect(clone.statusCode, clone.body).toBe(201);
    const copy = clone.json();
    const copyData = await h.engine.datasetData(copy.id);
    expect(copy).toMatchObject({
      status: 'ready',
      metadata: { storageReadPath: `/v1/datasets/${copy.id}/data`, rowCount: 1, dataVersion: copyData!.version, latColumn: 'lat', lngColumn: 'lng' },
    });
    expect(copyData!.version).not.toBe((await h.engine.datasetData(id))!.version);
    expect((await download(copy.id, '?format=csv')).body).toBe('n,lat,lng\n1,10,20\n');
    expect((await execution(copy.id)).json()).toMatchObject({ status: 'success', source: 'clone', format: null, rowCount: 1 });

    const removed = await h.app.inject({ method: 'DELETE', url: `/v1/datasets/${id}`, headers: await h.auth(ANALYST) });
    expect(removed.statusCode).toBe(204);
    expect(await datasetFiles(id)).toEqual([]);
    expect(await h.engine.datasetData(id)).toBeNull();
    expect(await h.count(`dataset_loads WHERE dataset_id = '${id}'`)).toBe(0);
    expect((await download(copy.id, '?format=csv')).body).toBe('n,lat,lng\n1,10,20\n');

    const empty = await create();
    const emptyClone = await h.app.inject({ method: 'POST', url: `/v1/datasets/${empty.id}/clone`, headers: await h.auth(ANALYST) });
    expect(emptyClone.json()).toMatchObject({ status: 'new' });
    expect(await h.engine.datasetData(emptyClone.json().id)).toBeNull();
  });

  it('uploads gzip and zip bodies: Content-Encoding, ?compression=, a zip content type with the format from the file name', async () => {
    const { id } = await create();
    const gzipped = await h.app.inject({
      method: 'PUT',
      url: `/v1/datasets/${id}/data`,
      headers: { ...(await h.auth(ANALYST)), 'content-type': 'text/csv', 'content-encoding': 'gzip' },
      payload: gzipSync('n\n1\n2\n'),
    });
    expect(gzipped.json()).toMatchObject({ status: 'ready', metadata: { rowCount: 2, sourceFormat: 'csv' } });
    const sniffed = await upload(id, gzipSync('n\n3\n'), 'application/octet-stream', '?format=csv');
    expect(sniffed.json()).toMatchObject({ status: 'ready', metadata: { rowCount: 1 } });

    const parquet = (await download(id, '?format=parquet')).rawPayload;
    const zipped = await upload(id, Buffer.from(zipSync({ 'export/visits.parquet': parquet })), 'application/zip');
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.json()).toMatchObject({ status: 'ready', metadata: { rowCount: 1, sourceFormat: 'parquet' } });
    expect((await execution(id)).json()).toMatchObject({ status: 'success', format: 'parquet' });
    const named = await upload(id, Buffer.from(zipSync({ 'data.bin': new TextEncoder().encode('n\n4\n') })), 'application/octet-stream', '?compression=zip&format=csv');
    expect((await download(id, '?format=csv')).body, named.body).toBe('n\n4\n');

    const two = await upload(id, Buffer.from(zipSync({ 'a.csv': new Uint8Array([110, 10]), 'b.csv': new Uint8Array([110, 10]) })), 'application/zip');
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'The zip file must hold exactly one data file', details: 'It holds a.csv and b.csv', appStatusCode: 'BAD_REQUEST' });
    const encoding = await h.app.inject({
      method: 'PUT',
      url: `/v1/datasets/${id}/data`,
      headers: { ...(await h.auth(ANALYST)), 'content-type': 'text/csv', 'content-encoding': 'br' },
      payload: 'n\n5\n',
    });
    expect(encoding.statusCode).toBe(415);
    expect(encoding.json()).toMatchObject({ appStatusCode: 'UNSUPPORTED_MEDIA_TYPE', details: 'Content-Encoding "br" is not supported: send gzip, or a zip with ?compression=zip' });
    // A refused upload leaves the data as it was.
    expect((await download(id, '?format=csv')).body).toBe('n\n4\n');
  });

  it('downloads the stored Parquet file, named after the dataset, to whoever may copy the data', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: await h.auth(ANALYST), payload: { name: 'Visits "März"/2024' } });
    const { id } = created.json() as { id: string };
    await upload(id, 'n,label\n1,a\n2,b\n', 'text/csv');
    const data = await h.engine.datasetData(id);
    const response = await download(id, '?format=parquet');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Visits _M_rz__2024.parquet"; filename*=UTF-8''Visits%20%22M%C3%A4rz%22%2F2024.parquet`);
    expect(response.headers.etag).toBe(`"${data!.version}"`);
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
    expect(await h.engine.queryRows(`SELECT count(*)::INTEGER AS n FROM ${data!.relation}`, [])).toEqual([{ n: 2 }]);
    expect(response.rawPayload.length).toBe((await stat(data!.parquetFiles[0]!)).size);
    expect((await download(id, '?format=parquet', {}, 'viewer@example.com')).statusCode).toBe(200);
    expect((await download(id, '?format=parquet', {}, outsider.email)).statusCode).toBe(404);
    expect((await download(id, '?format=xlsx')).json()).toMatchObject({ appStatusCode: 'VALIDATION_FAILED' });
  });
});
