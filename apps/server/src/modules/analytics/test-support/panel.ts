import { expect } from 'vitest';
import { seedFootTraffic } from '../../../seed/foot-traffic.js';
import type { Harness } from '../../../test-support/harness.js';

/** The panel every view test recomputes from: seeded into the demo organization, read back as raw rows. */
export async function seedTestPanel(h: Harness): Promise<(table: 'places' | 'panel' | 'visits' | 'population') => Promise<Record<string, unknown>[]>> {
  await seedFootTraffic(h.db, h.engine, { visits: 20000, seed: 11, dataDir: h.dataDir, log: () => {} });
  const ids = await h.db.query<{ table: string; id: string }>("SELECT metadata->>'panelTable' AS table, id FROM datasets WHERE metadata ? 'panelTable'");
  return async (table) => h.engine.queryRows(`SELECT * FROM ${(await h.engine.datasetData(ids.find((row) => row.table === table)!.id))!.relation}`, []);
}

/** Equal within relative 1e-9; nulls and zeros exactly. */
export function expectClose(actual: unknown, expected: number | null, what: string) {
  if (expected === null || expected === 0) return expect(actual, what).toBe(expected);
  expect(typeof actual, what).toBe('number');
  expect(Math.abs((actual as number) - expected) / Math.abs(expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}
