import { expect } from 'vitest';
import { seedFootTraffic } from '../../../seed/foot-traffic.js';
import type { Harness } from '../../../test-support/harness.js';
import { ensureRollups } from '../rollups/store.js';
import type { PanelRelations, RawPanelRelations } from '../views/index.js';

/** The panel every view test recomputes from: seeded into the demo organization, read back as raw rows. */
export async function seedTestPanel(h: Harness): Promise<(table: 'places' | 'panel' | 'visits' | 'population') => Promise<Record<string, unknown>[]>> {
  await seedFootTraffic(h.db, h.engine, { visits: 20000, seed: 11, dataDir: h.dataDir, log: () => {} });
  const ids = await h.db.query<{ table: string; id: string }>("SELECT metadata->>'panelTable' AS table, id FROM datasets WHERE metadata ? 'panelTable'");
  return async (table) => h.engine.queryRows(`SELECT * FROM ${(await h.engine.datasetData(ids.find((row) => row.table === table)!.id))!.relation}`, []);
}

/** The seeded panel as view SQL reads it (its rollups built), and its dataset id per table. */
export async function testPanelRelations(h: Harness): Promise<{ relations: PanelRelations; datasets: Record<keyof RawPanelRelations, string> }> {
  const ids = await h.db.query<{ table: keyof RawPanelRelations; id: string }>("SELECT metadata->>'panelTable' AS table, id FROM datasets WHERE metadata ? 'panelTable'");
  const relations: Partial<RawPanelRelations> = {};
  const versions: Record<string, string> = {};
  for (const { table, id } of ids) {
    const data = (await h.engine.datasetData(id))!;
    relations[table] = data.relation;
    versions[id] = data.version;
  }
  const datasets = Object.fromEntries(ids.map(({ table, id }) => [table, id])) as Record<keyof RawPanelRelations, string>;
  return { relations: await ensureRollups(h.db, h.engine, { relations: relations as RawPanelRelations, datasets, versions }), datasets };
}

/** Equal within relative 1e-9; nulls and zeros exactly. */
export function expectClose(actual: unknown, expected: number | null, what: string) {
  if (expected === null || expected === 0) return expect(actual, what).toBe(expected);
  expect(typeof actual, what).toBe('number');
  expect(Math.abs((actual as number) - expected) / Math.abs(expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}
