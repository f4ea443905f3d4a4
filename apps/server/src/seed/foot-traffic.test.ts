import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { openTestEngine } from '../engine/test-support/engine.js';
import { migrate, openPostgres, type Db } from '../store/index.js';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { seedDemo } from './demo.js';
import { seedFootTraffic } from './foot-traffic.js';

describe('the demo foot-traffic seed', () => {
  const h = useHarness(testStores()[0]!);

  it('loads the four panel tables once, as datasets of the demo organization', async () => {
    const messages: string[] = [];
    const seed = { visits: 4000, seed: 7, dataDir: h.dataDir, log: (message: string) => messages.push(message) };
    await seedFootTraffic(h.db, h.engine, seed);
    const tables = async () =>
      h.db.query<{ table: string; status: string; rows: number; owner: string }>(
        `SELECT d.metadata->>'panelTable' AS table, d.status, (d.metadata->>'rowCount')::int AS rows, u.email AS owner
         FROM datasets d JOIN users u ON u.id = d.owner_id ORDER BY 1`,
      );
    const loaded = await tables();
    expect(loaded.map((row) => row.table)).toEqual(['panel', 'places', 'population', 'visits']);
    expect(loaded.every((row) => row.status === 'ready' && row.owner === 'admin@example.com')).toBe(true);
    expect(loaded.find((row) => row.table === 'visits')!.rows).toBe(4000);

    // A member of the organization queries them like any dataset.
    const visits = (await h.db.query<{ id: string }>("SELECT id FROM datasets WHERE metadata->>'panelTable' = 'visits'"))[0]!.id;
    const response = await h.app.inject({
      method: 'POST',
      url: '/v1/datasets/query',
      headers: await h.auth('viewer@example.com'),
      payload: {
        cacheMode: 'no-cache',
        pipeline: { type: 'group', props: { expressions: [{ expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' }] }, inputs: [{ type: 'dataset', props: { uuid: visits } }] },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(Number(tableFromIPC(response.rawPayload).get(0)!.n)).toBe(4000);

    await seedFootTraffic(h.db, h.engine, seed);
    expect(await tables()).toEqual(loaded);
    expect(messages.filter((message) => message.startsWith('Generating'))).toHaveLength(1);
  });
});

const postgres = testStores().find((store) => store.name === 'postgres');

describe.runIf(postgres)('the demo foot-traffic seed of two processes starting together', () => {
  it('is loaded once: the later process waits, then finds the panel there', async () => {
    const first = await postgres!.open();
    const [{ schema }] = (await first.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
    // Each process has its own pool and engine on the shared database and DATA_DIR.
    const second = await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 4 });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-test-'));
    const open = (db: Db) => openTestEngine({ dataDir, db });
    const engines = [await open(first), await open(second)] as const;
    try {
      await migrate(first);
      await seedDemo(first, 'pw');
      const messages: string[] = [];
      const seed = { visits: 1000, seed: 3, dataDir, log: (message: string) => messages.push(message) };
      await Promise.all([seedFootTraffic(first, engines[0], seed), seedFootTraffic(second, engines[1], seed)]);
      const tables = await first.query<{ table: string; status: string }>(`SELECT metadata->>'panelTable' AS table, status FROM datasets ORDER BY 1`);
      expect(tables).toEqual(['panel', 'places', 'population', 'visits'].map((table) => ({ table, status: 'ready' })));
      expect(messages.filter((message) => message.startsWith('Generating'))).toHaveLength(1);
      expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
      await second.close();
      await first.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
