// Start-up recovery with the leftovers of a killed process put in place (crash.test.ts kills a real one).
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataStorage } from '../../engine/storage.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import * as dataRepo from './data-repo.js';
import { INTERRUPTED_LOAD, recoverInterruptedLoads } from './recovery.js';

const ADMIN = 'admin@example.com';
const CSV = 'a,b\n1,x\n2,y\n';

describe.each(testStores())('recovery after a crash ($name)', (store) => {
  const h = useHarness(store);

  const create = async () => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: await h.auth(ADMIN), payload: { name: `Data ${randomUUID().slice(0, 8)}` } });
    return (response.json() as { id: string }).id;
  };
  const upload = async (id: string, body: string) =>
    h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...(await h.auth(ADMIN)), 'content-type': 'text/csv' }, payload: body });
  const get = async (url: string) => h.app.inject({ method: 'GET', url, headers: await h.auth(ADMIN) });
  /** What a process killed mid-load leaves: a running load, the dataset pending, half-written files. */
  const interrupt = async (id: string) => {
    const [user] = await h.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN]);
    await dataRepo.insertLoad(h.db, { id: randomUUID(), datasetId: id, userId: user!.id, source: 'upload', format: 'csv', status: 'running' });
    await dataRepo.setDatasetState(h.db, id, 'pending', null);
    const folder = path.join(h.dataDir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'zzz.parquet.tmp'), 'half');
    await writeFile(path.join(folder, 'zzz.arrow.tmp'), 'half');
  };

  it('fails running loads: a dataset with data is ready with the same data, one without is in error; partial files go', async () => {
    const kept = await create();
    const fresh = await create();
    expect((await upload(kept, CSV)).statusCode).toBe(200);
    const before = await get(`/v1/datasets/${kept}`);
    const bytes = (await get(`/v1/datasets/${kept}/data?format=csv`)).rawPayload;
    await interrupt(kept);
    await interrupt(fresh);

    expect(await recoverInterruptedLoads(h.db, h.engine, new DataStorage(h.dataDir))).toBe(2);

    const after = (await get(`/v1/datasets/${kept}`)).json();
    expect(after).toMatchObject({ status: 'ready', errorMessage: null, metadata: { dataVersion: before.json().metadata.dataVersion } });
    expect((await get(`/v1/datasets/${kept}/data?format=csv`)).rawPayload.equals(bytes)).toBe(true);
    expect((await get(`/v1/datasets/${fresh}`)).json()).toMatchObject({ status: 'error', errorMessage: INTERRUPTED_LOAD });
    for (const id of [kept, fresh]) {
      expect((await get(`/v1/datasets/${id}/query-execution`)).json()).toMatchObject({ status: 'failure', error: INTERRUPTED_LOAD });
      expect((await readdir(path.join(h.dataDir, 'datasets', id))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    }
    // Nothing is left running, so a second start changes nothing; and each can be uploaded again.
    expect(await recoverInterruptedLoads(h.db, h.engine, new DataStorage(h.dataDir))).toBe(0);
    for (const id of [kept, fresh]) {
      expect((await upload(id, 'c\n3\n')).json()).toMatchObject({ status: 'ready', metadata: { rowCount: 1 } });
    }
  });

  it('at start removes every upload in flight, and half-written dataset files past a grace', async () => {
    const id = await create();
    const folder = path.join(h.dataDir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    const old = new Date(Date.now() - 11 * 60 * 1000);
    await writeFile(path.join(h.dataDir, 'tmp', `${randomUUID()}.upload`), 'body');
    await writeFile(path.join(folder, 'old.parquet.tmp'), 'half');
    await utimes(path.join(folder, 'old.parquet.tmp'), old, old);
    await writeFile(path.join(folder, 'fresh.parquet.tmp'), 'half');

    await new DataStorage(h.dataDir).init();

    expect((await readdir(path.join(h.dataDir, 'tmp'))).filter((name) => name.endsWith('.upload'))).toEqual([]);
    expect(await readdir(folder)).toEqual(['fresh.parquet.tmp']);
  });
});
