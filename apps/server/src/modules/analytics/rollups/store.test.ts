// Rollups follow their panel: recorded with the datasets they come from, removed with their data once one is deleted.
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../../test-support/harness.js';
import { testStores } from '../../../test-support/stores.js';
import { seedTestPanel, testPanelRelations } from '../test-support/panel.js';
import { ROLLUP_NAMES } from './definitions.js';
import { pruneRollups } from './store.js';

describe('rollup store', () => {
  const h = useHarness(testStores()[0]!);

  it('keeps the rollups of a live panel and removes, files included, those of a panel that lost a dataset', async () => {
    await seedTestPanel(h);
    const { datasets } = await testPanelRelations(h);
    const rollups = await h.db.query<{ rollup_id: string; source_datasets: string[] }>('SELECT rollup_id, source_datasets FROM analytics_rollups');
    expect(rollups).toHaveLength(ROLLUP_NAMES.length);
    for (const rollup of rollups) expect([...rollup.source_datasets].sort()).toEqual(Object.values(datasets).sort());
    expect(await pruneRollups(h.db, h.engine)).toBe(0);
    for (const rollup of rollups) expect(await h.engine.datasetData(rollup.rollup_id)).not.toBeNull();

    const removed = await h.app.inject({ method: 'DELETE', url: `/v1/datasets/${datasets.places}`, headers: await h.auth('admin@example.com') });
    expect(removed.statusCode).toBe(204);
    expect(await pruneRollups(h.db, h.engine)).toBe(ROLLUP_NAMES.length);
    expect(await h.db.query('SELECT rollup_id FROM analytics_rollups')).toEqual([]);
    for (const rollup of rollups) expect(await h.engine.datasetData(rollup.rollup_id)).toBeNull();
  });
});
