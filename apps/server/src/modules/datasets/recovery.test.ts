// Recovery of loads whose process died, with the leftovers of a killed process put in place (crash.test.ts kills a
// real one; cluster.test.ts runs two processes).
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../../engine/duckdb.js';
import { DataStorage } from '../../engine/storage.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import * as dataRepo from './data-repo.js';
import { INTERRUPTED_LOAD, recoverInterruptedLoads } from './recovery.js';

const ADMIN = 'admin@example.com';
const CSV = 'a,b\n1,x\n2,y\n';

describe.each(testStores())('recovery of loads whose process died ($name)', (store) => {
  const h = useHarness(store);

  const create = async () => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: await h.auth(ADMIN), payload: { name: `Data ${randomUUID().slice(0, 8)}` } });
    return (response.json() as { id: string }).id;
  };
  const upload = async (id: string, body: string) =>
    h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...(await h.auth(ADMIN)), 'content-type': 'text/csv' }, payload: body });
  const get = async (url: string) => h.app.inject({ method: 'GET', url, headers: await h.auth(ADMIN) });
  /** What a process `instanceId` leaves while loading: a running load, the dataset pending, the version it writes. */
  const loading = async (id: string, instanceId: string) => {
    const [user] = await h.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN]);
    await dataRepo.insertLoad(h.db, { id: randomUUID(), datasetId: id, userId: user!.id, source: 'upload', format: 'csv', status: 'running', instanceId });
    await dataRepo.setDatasetState(h.db, id, 'pending', null);
    await h.db.query(`INSERT INTO engine_writes (data_id, version, instance_id) VALUES ($1, 'zzz', $2)`, [id, instanceId]);
    const folder = path.join(h.dataDir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'zzz.parquet.tmp'), 'half');
    await writeFile(path.join(folder, 'zzz.arrow.tmp'), 'half');
  };
  const partialFiles = async (id: string) => (await readdir(path.join(h.dataDir, 'datasets', id))).filter((name) => name.endsWith('.tmp'));

  it('fails loads of a dead process: a dataset with data is ready with the same data, one without is in error; partial files go', async () => {
    const kept = await create();
    const fresh = await create();
    expect((await upload(kept, CSV)).statusCode).toBe(200);
    const before = await get(`/v1/datasets/${kept}`);
    const bytes = (await get(`/v1/datasets/${kept}/data?format=csv`)).rawPayload;
    const dead = randomUUID(); // never beat (on PGlite, every other instance is dead: only one process can open it)
    await loading(kept, dead);
    await loading(fresh, dead);

    expect(await recoverInterruptedLoads(h.db, h.engine)).toBe(2);
    await (h.engine as DuckDbEngine).sweep();

    const after = (await get(`/v1/datasets/${kept}`)).json();
    expect(after).toMatchObject({ status: 'ready', errorMessage: null, metadata: { dataVersion: before.json().metadata.dataVersion } });
    expect((await get(`/v1/datasets/${kept}/data?format=csv`)).rawPayload.equals(bytes)).toBe(true);
    expect((await get(`/v1/datasets/${fresh}`)).json()).toMatchObject({ status: 'error', errorMessage: INTERRUPTED_LOAD });
    for (const id of [kept, fresh]) {
      expect((await get(`/v1/datasets/${id}/query-execution`)).json()).toMatchObject({ status: 'failure', error: INTERRUPTED_LOAD });
      expect(await partialFiles(id)).toEqual([]);
    }
    // Nothing is left running, so a second pass changes nothing; and each can be uploaded again.
    expect(await recoverInterruptedLoads(h.db, h.engine)).toBe(0);
    for (const id of [kept, fresh]) {
      expect((await upload(id, 'c\n3\n')).json()).toMatchObject({ status: 'ready', metadata: { rowCount: 1 } });
    }
  });

  it('leaves the loads of this process running, and refuses a second upload to that dataset with 409', async () => {
    const id = await create();
    await loading(id, h.engine.cluster.instanceId);
    expect(await recoverInterruptedLoads(h.db, h.engine)).toBe(0);
    await (h.engine as DuckDbEngine).sweep();
    expect(await partialFiles(id)).toEqual(['zzz.arrow.tmp', 'zzz.parquet.tmp']);
    const refused = await upload(id, CSV);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'A data load is already running', appStatusCode: expect.any(String) });
    expect((await get(`/v1/datasets/${id}`)).json()).toMatchObject({ status: 'pending' });
    await h.db.query(`DELETE FROM engine_writes WHERE data_id = $1`, [id]);
  });

  it.runIf(store.name === 'postgres')('on PostgreSQL, fails the loads of an instance that stopped beating, not of one that beats', async () => {
    const [alive, stale] = [await create(), await create()];
    const [aliveId, staleId] = [randomUUID(), randomUUID()];
    await h.db.query(`INSERT INTO server_instances (id) VALUES ($1)`, [aliveId]);
    await h.db.query(`INSERT INTO server_instances (id, heartbeat_at) VALUES ($1, now() - interval '1 hour')`, [staleId]);
    await loading(alive, aliveId);
    await loading(stale, staleId);
    expect(await recoverInterruptedLoads(h.db, h.engine)).toBe(1);
    await (h.engine as DuckDbEngine).sweep();
    expect((await get(`/v1/datasets/${stale}`)).json()).toMatchObject({ status: 'error', errorMessage: INTERRUPTED_LOAD });
    expect((await get(`/v1/datasets/${alive}`)).json()).toMatchObject({ status: 'pending' });
    expect(await partialFiles(stale)).toEqual([]);
    expect(await partialFiles(alive)).toEqual(['zzz.arrow.tmp', 'zzz.parquet.tmp']);
    await h.db.query(`DELETE FROM server_instances WHERE id = $1`, [aliveId]);
  });
});

describe('temporary files of loads', () => {
  it('go when their process is dead (or they were named before instances), and stay while it lives', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-tmp-'));
    try {
      const own = randomUUID();
      const storage = new DataStorage(dataDir, own);
      await storage.init();
      const mine = path.basename(storage.tmpFile('upload'));
      const others = new DataStorage(dataDir, randomUUID());
      for (const name of [mine, path.basename(others.tmpFile('upload')), `${randomUUID()}.upload`, `${randomUUID()}.ndjson`]) {
        await writeFile(path.join(dataDir, 'tmp', name), 'body');
      }
      await storage.sweepTemporary(async () => new Set([own]));
      expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([mine]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
