import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
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
