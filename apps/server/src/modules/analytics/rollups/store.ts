// Rollups in the embedded engine: one derived data entry per panel and rollup, rebuilt when the panel data changes.
import { createHash } from 'node:crypto';
import { createProgress, type ProgressReport } from '@atlas/analytics';
import type { DatasetData, Engine } from '../../../engine/types.js';
import type { Queryable } from '../../../store/index.js';
import type { PanelRelations, RawPanelRelations } from '../views/index.js';
import { ROLLUP_COST } from './costs.js';
import { ROLLUP_NAMES, ROLLUP_STORAGE, ROLLUP_SCHEMA_VERSION, ROLLUPS, type RollupName } from './definitions.js';

export interface PanelSource {
  /** The panel's dataset id per raw table. */
  datasets: Record<keyof RawPanelRelations, string>;
  relations: RawPanelRelations;
  /** Data version per dataset id. */
  versions: Record<string, string>;
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Two data entries per panel and rollup (slots): an append builds the next version's rollups in the slot the current
 * version does not use, so queries read the current one until the switch (docs/panel-append.md). Slot 0 keeps the id
 * rollups had before there were slots.
 */
const SLOTS = [0, 1] as const;

/** A stable engine data id derived from `parts`, shaped as a UUID like other engine data. */
export function derivedId(parts: unknown[]): string {
  const hex = digest(parts);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stable id per panel (its four dataset ids), rollup and slot. */
const rollupId = (source: Pick<PanelSource, 'datasets'>, name: RollupName, slot: number) =>
  derivedId(['rollup', Object.values(source.datasets).sort(), name, ...(slot === 0 ? [] : [slot])]);

/** What a rollup records it was computed from: the schema and every source dataset's data version. */
export const sourceDigest = (versions: Record<string, string>) => digest([ROLLUP_SCHEMA_VERSION, Object.entries(versions).sort()]);

interface Slots {
  /** Per rollup, the id of the slot computed from the wanted versions, if any. */
  fresh: Map<RollupName, string>;
  /** Per rollup, the id of the slot to (re)build: the other one than `fresh`, else the oldest or never built. */
  spare: Map<RollupName, string>;
}

async function findSlots(db: Queryable, source: PanelSource): Promise<Slots> {
  const wanted = sourceDigest(source.versions);
  const ids = ROLLUP_NAMES.map((name) => SLOTS.map((slot) => rollupId(source, name, slot)));
  const stored = await db.queryRemembered<{ rollup_id: string; source_versions: string; built_at: string | Date }>(
    'SELECT rollup_id, source_versions, built_at FROM analytics_rollups WHERE rollup_id = ANY($1::uuid[])',
    [ids.flat()],
  );
  const row = (id: string) => stored.find((found) => found.rollup_id === id);
  const builtAt = (id: string) => new Date(row(id)?.built_at ?? 0).getTime();
  const fresh = new Map<RollupName, string>();
  const spare = new Map<RollupName, string>();
  for (const [k, name] of ROLLUP_NAMES.entries()) {
    const slots = ids[k]!;
    const current = slots.find((id) => row(id)?.source_versions === wanted);
    if (current) fresh.set(name, current);
    spare.set(name, slots.filter((id) => id !== current).sort((a, b) => builtAt(a) - builtAt(b))[0]!);
  }
  return { fresh, spare };
}

// One build per rollup at a time in this process; concurrent queries wait for the same build.
const building = new Map<string, Promise<{ relation: string; rowCount: number }>>();

/**
 * The raw relations plus every rollup, building the missing or stale ones first. Every analytic query passes here, so
 * the freshness of all rollups is read in one statement and their manifests together.
 */
export async function ensureRollups(
  db: Queryable, engine: Engine, source: PanelSource, onProgress?: (report: ProgressReport) => void,
): Promise<PanelRelations> {
  const wanted = sourceDigest(source.versions);
  const { fresh, spare } = await findSlots(db, source);
  const stored = await engine.datasetsData([...fresh.values()]);
  const data = ROLLUP_NAMES.map((name) => (fresh.has(name) ? stored.get(fresh.get(name)!) : undefined));
  const relations = { ...source.relations } as PanelRelations;
  const missing = ROLLUP_NAMES.filter((_, k) => !data[k]);
  // One stage per rollup to build, weighed by its usual cost; rows written are known once each is built (its row count).
  const progress = missing.length > 0 && onProgress ? createProgress(missing.map((name) => ({ name, weight: ROLLUP_COST[name] })), onProgress) : null;
  for (const [k, name] of ROLLUP_NAMES.entries()) {
    const ready = data[k];
    if (ready) {
      relations[name] = ready.relation;
      continue;
    }
    progress?.update(name, 0, 0);
    const built = await buildRollup(db, engine, relations, name, fresh.get(name) ?? spare.get(name)!, wanted, Object.values(source.datasets));
    relations[name] = built.relation;
    progress?.finish(name, built.rowCount);
  }
  return relations;
}

/** The engine data of the panel's current rollups (once ensureRollups built them), by rollup. */
export async function currentRollups(db: Queryable, engine: Engine, source: PanelSource): Promise<Record<RollupName, DatasetData>> {
  const { fresh } = await findSlots(db, source);
  const stored = await engine.datasetsData([...fresh.values()]);
  const entries = ROLLUP_NAMES.map((name) => [name, stored.get(fresh.get(name) ?? '')] as const);
  const missing = entries.filter(([, data]) => !data).map(([name]) => name);
  if (missing.length > 0) throw new Error(`Rollups not built: ${missing.join(', ')}`);
  return Object.fromEntries(entries) as Record<RollupName, DatasetData>;
}

/**
 * The slots an append of the panel builds into (one per rollup, none the current version reads), marked as holding no
 * version yet: a failed append leaves them unused, and the panel's removal still finds them (pruneRollups).
 */
export async function claimSpareSlots(db: Queryable, source: PanelSource): Promise<Record<RollupName, string>> {
  const { spare } = await findSlots(db, source);
  const ids = Object.fromEntries(spare) as Record<RollupName, string>;
  for (const id of Object.values(ids)) await recordRollup(db, id, 'building', Object.values(source.datasets));
  return ids;
}

/** Records what a rollup's data was computed from (inside the transaction that makes its source versions current, for an append). */
export async function recordRollup(db: Queryable, id: string, sourceVersions: string, datasets: string[]): Promise<void> {
  await db.query(
    `INSERT INTO analytics_rollups (rollup_id, source_versions, source_datasets) VALUES ($1, $2, $3)
     ON CONFLICT (rollup_id) DO UPDATE SET source_versions = EXCLUDED.source_versions, source_datasets = EXCLUDED.source_datasets, built_at = now()`,
    [id, sourceVersions, datasets],
  );
}

/** Computes one rollup from the relations before it into the engine data `id`. */
export const materializeRollup = (engine: Engine, id: string, name: RollupName, relations: PanelRelations) =>
  engine.materialize(id, ROLLUPS[name](relations), ROLLUP_STORAGE[name]);

/** Builds one rollup from the relations before it and records what it was computed from; concurrent callers share the build. */
function buildRollup(
  db: Queryable, engine: Engine, relations: PanelRelations, name: RollupName, id: string, wanted: string, datasets: string[],
): Promise<{ relation: string; rowCount: number }> {
  const key = `${id}:${wanted}`;
  let build = building.get(key);
  if (!build) {
    build = (async () => {
      const built = await materializeRollup(engine, id, name, relations);
      await recordRollup(db, id, wanted, datasets);
      return { relation: built.relation, rowCount: built.rowCount };
    })().finally(() => building.delete(key));
    building.set(key, build);
  }
  return build;
}

/**
 * Removes the rollups of panels whose datasets were deleted (and those recorded before their sources were), data files
 * included; a rollup still in use is simply rebuilt at its next query. Answers how many were removed.
 */
export async function pruneRollups(db: Queryable, engine: Engine): Promise<number> {
  const gone = await db.query<{ rollup_id: string }>(
    `DELETE FROM analytics_rollups r
     WHERE cardinality(r.source_datasets) = 0
        OR EXISTS (SELECT 1 FROM unnest(r.source_datasets) AS s(id) WHERE NOT EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.id))
     RETURNING rollup_id`,
  );
  for (const { rollup_id: id } of gone) await engine.deleteData(id);
  return gone.length;
}
