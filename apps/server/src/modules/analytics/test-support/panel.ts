import { expect } from 'vitest';
import { seedFootTraffic } from '../../../seed/foot-traffic.js';
import type { Harness } from '../../../test-support/harness.js';
import { ensureRollups, type PanelSource } from '../rollups/store.js';
import type { PanelRelations, RawPanelRelations } from '../views/index.js';

type RawReader = (table: 'places' | 'panel' | 'visits' | 'population') => Promise<Record<string, unknown>[]>;

/** The panel every view test recomputes from: seeded into the demo organization, read back as raw rows. */
export async function seedTestPanel(h: Harness): Promise<RawReader> {
  await seedFootTraffic(h.db, h.engine, { visits: 20000, seed: 11, dataDir: h.dataDir, log: () => {} });
  const ids = await h.db.query<{ table: string; id: string }>("SELECT metadata->>'panelTable' AS table, id FROM datasets WHERE metadata ? 'panelTable'");
  return async (table) => h.engine.queryRows(`SELECT * FROM ${(await h.engine.datasetData(ids.find((row) => row.table === table)!.id))!.relation}`, []);
}

export interface TestPlace { chain: string; category: string; dma: string; country: string }

/** A raw visit joined to its place and its device; `at` is the local start time rendered as ISO ('2024-03-05T07:12:00.000Z'). */
export interface TestVisit extends TestPlace {
  id: number;
  device: number;
  at: string;
  day: string;
  month: string;
  quarter: string;
  hour: number;
  dwell: number;
  weight: number;
  age: string;
  gender: string;
  income: string;
}

/** Seeds the test panel and reads it back as joined visits and the places, with the reader for the other tables. */
export async function seedTestVisits(h: Harness): Promise<{ visits: TestVisit[]; places: TestPlace[]; raw: RawReader }> {
  const raw = await seedTestPanel(h);
  const places = new Map<number, TestPlace>();
  for (const p of await raw('places'))
    places.set(Number(p.place_id), { chain: String(p.chain_id), category: String(p.category_id), dma: String(p.dma_id), country: String(p.country) });
  const devices = new Map<number, { weight: number; age: string; gender: string; income: string }>();
  for (const d of await raw('panel')) devices.set(Number(d.device_id), { weight: Number(d.weight), age: String(d.age), gender: String(d.gender), income: String(d.income) });
  const visits = (await raw('visits')).map((v) => {
    const at = String(v.started_at);
    const device = Number(v.device_id);
    return {
      id: Number(v.visit_id), device, at, day: at.slice(0, 10), month: at.slice(0, 7),
      quarter: `${at.slice(0, 4)}-Q${Math.floor((Number(at.slice(5, 7)) - 1) / 3) + 1}`,
      hour: Number(at.slice(11, 13)), dwell: Number(v.dwell_minutes),
      ...places.get(Number(v.place_id))!, ...devices.get(device)!,
    };
  });
  return { visits, places: [...places.values()], raw };
}

/** The keys of `among`, the most frequent first, ties by key. */
export function busiest<T>(among: readonly T[], key: (row: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const row of among) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([found]) => found);
}

/** The seeded panel as view SQL reads it (its rollups built), its dataset id per table, and it as a rollups' source. */
export async function testPanelRelations(h: Harness): Promise<{ relations: PanelRelations; datasets: Record<keyof RawPanelRelations, string>; source: PanelSource }> {
  const ids = await h.db.query<{ table: keyof RawPanelRelations; id: string }>("SELECT metadata->>'panelTable' AS table, id FROM datasets WHERE metadata ? 'panelTable'");
  const relations: Partial<RawPanelRelations> = {};
  const versions: Record<string, string> = {};
  for (const { table, id } of ids) {
    const data = (await h.engine.datasetData(id))!;
    relations[table] = data.relation;
    versions[id] = data.version;
  }
  const datasets = Object.fromEntries(ids.map(({ table, id }) => [table, id])) as Record<keyof RawPanelRelations, string>;
  const source: PanelSource = { relations: relations as RawPanelRelations, datasets, versions };
  return { relations: await ensureRollups(h.db, h.engine, source), datasets, source };
}

/** The distinct panel devices of some visits: the sample size a row reports (device_count), recomputed. */
export const devicesOf = (visits: Iterable<{ device: number }>) => new Set([...visits].map((v) => v.device)).size;

/** Equal within relative 1e-9; nulls and zeros exactly. */
export function expectClose(actual: unknown, expected: number | null, what: string) {
  if (expected === null || expected === 0) return expect(actual, what).toBe(expected);
  expect(typeof actual, what).toBe('number');
  expect(Math.abs((actual as number) - expected) / Math.abs(expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}
