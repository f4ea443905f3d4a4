import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { generatePanel, PANEL_TABLES, type PanelTable } from '@atlas/analytics';
import type { Engine } from '../engine/types.js';
import { loadPanel } from '../modules/analytics/panel.js';
import { uploadData } from '../modules/datasets/data-service.js';
import { createDataset, deleteDataset } from '../modules/datasets/service.js';
import { findUserByEmail, identityOfUser } from '../modules/users/repo.js';
import { LOCK_KEYS, withAdvisoryLock } from '../store/advisory-lock.js';
import type { Db } from '../store/index.js';

export interface FootTrafficSeed {
  visits: number;
  seed: number;
  dataDir: string;
  log: (message: string) => void;
}

const OWNER_EMAIL = 'admin@example.com';
const TABLE_TITLES: Record<PanelTable, string> = {
  places: 'Foot traffic: places',
  panel: 'Foot traffic: device panel',
  visits: 'Foot traffic: visits',
  population: 'Foot traffic: population',
};

/** The demo panel's datasets that are loaded, by table. */
async function loadedTables(db: Db, organizationId: string): Promise<Set<string>> {
  const rows = await db.query<{ table: string }>(
    `SELECT metadata->>'panelTable' AS table FROM datasets
     WHERE organization_id = $1 AND metadata ? 'panelTable' AND status = 'ready'`,
    [organizationId],
  );
  return new Set(rows.map((row) => row.table));
}

async function staleDatasets(db: Db, organizationId: string, table: PanelTable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM datasets WHERE organization_id = $1 AND metadata->>'panelTable' = $2`, [organizationId, table]);
  return rows.map((row) => row.id);
}

/**
 * Gives the demo organization the synthetic foot-traffic panel as four datasets owned by the demo administrator
 * (so every member reads them). Generates and loads only what is missing: a restart costs nothing. Processes
 * starting together take turns: a later one waits for the first to load the panel, then finds it there.
 */
export function seedFootTraffic(db: Db, engine: Engine, seed: FootTrafficSeed): Promise<void> {
  return withAdvisoryLock(db, LOCK_KEYS.footTrafficSeed, () => loadMissingTables(db, engine, seed));
}

async function loadMissingTables(db: Db, engine: Engine, { visits, seed, dataDir, log }: FootTrafficSeed): Promise<void> {
  const owner = await findUserByEmail(db, OWNER_EMAIL);
  if (!owner) return;
  const loaded = await loadedTables(db, owner.organization_id);
  const tables = (Object.keys(PANEL_TABLES) as PanelTable[]).filter((table) => !loaded.has(table));
  if (tables.length === 0) return;
  const identity = identityOfUser(owner);
  // Unique per run, so what a crashed or concurrent run left there is never mixed in.
  const outDir = path.join(dataDir, 'tmp', `panel-${seed}-${visits}-${randomUUID()}`);
  log(`Generating the demo foot-traffic panel (${visits.toLocaleString('en-US')} visits, seed ${seed}) …`);
  try {
    const files = await generatePanel({ visits, seed, outDir });
    for (const table of tables) {
      // Datasets of a load that failed half-way are replaced, not duplicated.
      for (const stale of await staleDatasets(db, owner.organization_id, table)) await deleteDataset(db, engine, identity, stale);
      const dataset = await createDataset(db, identity, {
        name: TABLE_TITLES[table],
        description: `Synthetic foot-traffic panel (${visits.toLocaleString('en-US')} visits, seed ${seed}), table ${table}`,
        type: 'managed',
        metadata: { panelTable: table, panelVisits: visits, panelSeed: seed, source: 'generator' },
      });
      await uploadData(db, engine, identity, dataset.id, createReadStream(files[table]), { format: 'parquet', skipArrow: true, contentLength: null });
    }
    log(`Demo foot-traffic panel loaded in ${(files.elapsedMs / 1000).toFixed(1)} s of generation.`);
    const started = performance.now();
    await loadPanel(db, engine, identity, owner.organization_id, false);
    log(`Analytic rollups built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
