// Tile builds (hex and vector) recorded as loads: a build whose process died is failed by a living one and can be
// built again with target; builds check the owner's storage quota and count their size in it.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import * as dataRepo from '../datasets/data-repo.js';
import { recoverInterruptedLoads } from '../datasets/recovery.js';
import { datasetWith, errorOf, eventually, type Headers } from '../query/test-support/helpers.js';
import { INTERRUPTED_TILE_BUILD, recoverInterruptedBuilds, recoverTileBuilds } from './build-loads.js';

const POINTS = 'lat,lng,value\n48.86,2.35,1\n48.87,2.36,2\n40.71,-74.0,3\n';
const BUILDS = {
  hextile: { url: '/v1/datasets/hextile', body: { sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5 } },
  vectortile: { url: '/v1/datasets/vectortile', body: { latColumn: 'lat', lngColumn: 'lng', maxZoom: 3 } },
} as const;

describe.each(testStores())('tile builds as loads ($name)', (store) => {
  const h = useHarness(store);
  type Record = { id: string; status: string; errorMessage: string | null; metadata: { sizeBytes?: number; vectorTile?: { archiveBytes: number; version: string } } };
  const get = async (url: string, headers: Headers) => h.app.inject({ method: 'GET', url, headers });
  const settled = (id: string, headers: Headers) =>
    eventually(async () => (await get(`/v1/datasets/${id}`, headers)).json() as Record, (dataset) => dataset.status !== 'pending', 60_000);
  const build = (kind: keyof typeof BUILDS, source: string, headers: Headers, extra: object = {}) =>
    h.app.inject({ method: 'POST', url: BUILDS[kind].url, headers, payload: { source, ...BUILDS[kind].body, ...extra } });

  it.each(Object.keys(BUILDS) as (keyof typeof BUILDS)[])('fails a %s build of a dead process, leaves uploads recovery alone, and builds again with target', async (kind) => {
    const headers = await h.auth('analyst@example.com');
    const source = await datasetWith(h, headers, `points ${randomUUID().slice(0, 8)}`, POINTS);
    const first = await build(kind, source, headers);
    expect(first.statusCode, first.body).toBe(202);
    const { id } = first.json() as Record;
    expect((await settled(id, headers)).status).toBe('ready');
    // What a process that died while building leaves: a running build of its instance, the tileset pending.
    const [user] = await h.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'analyst@example.com'`);
    await dataRepo.insertLoad(h.db, { id: randomUUID(), datasetId: id, userId: user!.id, source: kind, format: null, status: 'running', instanceId: randomUUID() });
    await dataRepo.setDatasetState(h.db, id, 'pending', null);

    expect(await recoverInterruptedLoads(h.db, h.engine)).toBe(0);
    expect(await recoverInterruptedBuilds(h.db, h.engine)).toBe(1);
    expect((await get(`/v1/datasets/${id}`, headers)).json()).toMatchObject({ status: 'error', errorMessage: INTERRUPTED_TILE_BUILD });
    expect((await get(`/v1/datasets/${id}/query-execution`, headers)).json()).toMatchObject({ status: 'failure', error: INTERRUPTED_TILE_BUILD });
    expect(await recoverInterruptedBuilds(h.db, h.engine)).toBe(0);

    const again = await build(kind, source, headers, { target: id });
    expect(again.statusCode, again.body).toBe(202);
    expect(await settled(id, headers)).toMatchObject({ status: 'ready', errorMessage: null });
    expect((await get(`/v1/datasets/${id}/query-execution`, headers)).json()).toMatchObject({ status: 'success' });
  });

  it('refuses a build while another runs on the same tileset in a live process (409)', async () => {
    const headers = await h.auth('analyst@example.com');
    const source = await datasetWith(h, headers, `points ${randomUUID().slice(0, 8)}`, POINTS);
    const first = await build('hextile', source, headers);
    const { id } = first.json() as Record;
    await settled(id, headers);
    const [user] = await h.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'analyst@example.com'`);
    const loadId = randomUUID();
    await dataRepo.insertLoad(h.db, { id: loadId, datasetId: id, userId: user!.id, source: 'vectortile', format: null, status: 'running', instanceId: h.engine.cluster.instanceId });
    const refused = await build('hextile', source, headers, { target: id });
    expect(errorOf(refused)).toMatchObject({ status: 409, body: { message: 'A data load is already running' } });
    await dataRepo.finishLoad(h.db, loadId, { status: 'failure', error: 'test' });
  });

  it('checks the owner storage quota before creating anything (402) and counts a built tileset in it', async () => {
    const owner = await addUser(h.db, { email: `tile-quota-${randomUUID().slice(0, 8)}@tiles.test`, organization: `Tiles ${randomUUID().slice(0, 8)}` });
    const policy = `tile-storage-${randomUUID().slice(0, 8)}`;
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ($1, 'Tile storage', '{"maps":0,"datasets":10,"insights":0,"workbooks":0,"dataConnections":0,"storageMegabytes":1}')`,
      [policy],
    );
    await h.db.query('UPDATE users SET quota_policy_id = $2 WHERE id = $1', [owner.id, policy]);
    const headers = await h.auth(owner.email);
    const source = await datasetWith(h, headers, 'quota points', POINTS);
    const datasets = await h.count(`datasets WHERE owner_id = '${owner.id}'`);
    for (const kind of Object.keys(BUILDS) as (keyof typeof BUILDS)[]) {
      expect(errorOf(await build(kind, source, headers))).toEqual({
        status: 402,
        body: { message: 'Quota exceeded for storageMegabytes', details: expect.stringMatching(/^1 of 1 used$/), appStatusCode: 'QUOTA_EXCEEDED' },
      });
    }
    expect(await h.count(`datasets WHERE owner_id = '${owner.id}'`)).toBe(datasets);

    await h.db.query(`UPDATE quota_policies SET limits = jsonb_set(limits, '{storageMegabytes}', '100') WHERE id = $1`, [policy]);
    const usage = async () => ((await get('/v1/users/me', headers)).json() as { quotaUsage: { storageMegabytes: number } }).quotaUsage.storageMegabytes;
    const [hex, vector] = await Promise.all([build('hextile', source, headers), build('vectortile', source, headers)].map(async (started) => (await started).json() as Record));
    const [hexDone, vectorDone] = [await settled(hex!.id, headers), await settled(vector!.id, headers)];
    expect(hexDone.metadata.sizeBytes).toBeGreaterThan(0);
    expect(vectorDone.metadata.sizeBytes).toBe(vectorDone.metadata.vectorTile!.archiveBytes);
    const [row] = await h.db.query<{ bytes: string }>(`SELECT sum((metadata->>'sizeBytes')::numeric)::text AS bytes FROM datasets WHERE owner_id = $1`, [owner.id]);
    expect(await usage()).toBe(Math.ceil(Number(row!.bytes) / 1048576));
  });

  it('removes a vector tileset\'s archives when it is rebuilt and when it is deleted, and those a dead build left', async () => {
    const headers = await h.auth('analyst@example.com');
    const source = await datasetWith(h, headers, `points ${randomUUID().slice(0, 8)}`, POINTS);
    const archives = async (id: string) => ({
      // The local blob store keeps each blob's content type beside it (name.type).
      blobs: (await readdir(path.join(h.dataDir, 'blobs', 'vector-tiles', id)).catch(() => [])).filter((name) => !name.endsWith('.type')),
      local: await readdir(path.join(h.dataDir, 'vector-tiles', id)).catch(() => []),
    });
    const sweep = () => recoverTileBuilds(h.db, h.engine, h.blobs, h.dataDir);
    const version = async (id: string) => (await settled(id, headers)).metadata.vectorTile!.version;
    const { id } = (await build('vectortile', source, headers)).json() as Record;
    const first = await version(id);
    expect(await archives(id)).toEqual({ blobs: [`${first}.pmtiles`], local: [`${first}.pmtiles`] });

    expect((await build('vectortile', source, headers, { target: id })).statusCode).toBe(202);
    const second = await version(id);
    expect(second).not.toBe(first);
    // The replaced archive goes once the tileset serves the new one.
    const replaced = { blobs: [`${second}.pmtiles`], local: [`${second}.pmtiles`] };
    expect(await eventually(() => archives(id), (now) => JSON.stringify(now) === JSON.stringify(replaced))).toEqual(replaced);

    // A build that died after storing its archive, before the tileset named it: once it is failed, the archive goes.
    const [user] = await h.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'analyst@example.com'`);
    await dataRepo.insertLoad(h.db, { id: randomUUID(), datasetId: id, userId: user!.id, source: 'vectortile', format: null, status: 'running', instanceId: randomUUID() });
    await h.db.query(`INSERT INTO vector_tile_files (dataset_id, version) VALUES ($1, 'dead-build')`, [id]);
    await h.blobs.write(`vector-tiles/${id}/dead-build.pmtiles`, Buffer.from('half'), 'application/vnd.pmtiles');
    await sweep();
    expect(await archives(id)).toEqual({ blobs: [`${second}.pmtiles`], local: [`${second}.pmtiles`] });
    expect((await get(`/v1/datasets/${id}/tiles/0/0/0.pbf`, headers)).statusCode).toBe(200);

    expect((await h.app.inject({ method: 'DELETE', url: `/v1/datasets/${id}`, headers })).statusCode).toBe(204);
    await sweep();
    expect(await archives(id)).toEqual({ blobs: [], local: [] });
    expect(await h.count(`vector_tile_files WHERE dataset_id = '${id}'`)).toBe(0);
  });
});
