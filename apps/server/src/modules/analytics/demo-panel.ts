// The synthetic foot-traffic panel as datasets of an organization: what the demo organization gets at start-up
// (seed/foot-traffic.ts) and a provisioned organization on request (admin/provision.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { generatePanel, PANEL_TABLES, type PanelTable, type ProgressReport } from '@atlas/analytics';
import type { Engine } from '../../engine/types.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { uploadData } from '../datasets/data-service.js';
import { createDataset, deleteDataset } from '../datasets/service.js';
import { findIdentity } from '../users/repo.js';

export interface PanelDataset {
  id: string;
  name: string;
  table: PanelTable;
}

export interface PanelSize {
  visits: number;
  seed: number;
}

const TABLE_TITLES: Record<PanelTable, string> = {
  places: 'Foot traffic: places',
  panel: 'Foot traffic: device panel',
  visits: 'Foot traffic: visits',
  population: 'Foot traffic: population',
};

/** The organization's ready panel datasets, the oldest of each table (the one the analytic sets read). */
export async function readyPanelDatasets(db: Db, organizationId: string): Promise<PanelDataset[]> {
  const rows = await db.query<PanelDataset>(
    `SELECT metadata->>'panelTable' AS table, id, name FROM datasets
     WHERE organization_id = $1 AND metadata ? 'panelTable' AND status = 'ready' ORDER BY created_at, id`,
    [organizationId],
  );
  return rows.filter((row, index) => rows.findIndex((other) => other.table === row.table) === index);
}

/** The panel tables the datasets lack. */
export const missingPanelTables = (datasets: readonly PanelDataset[]): PanelTable[] =>
  (Object.keys(PANEL_TABLES) as PanelTable[]).filter((table) => !datasets.some((dataset) => dataset.table === table));

/**
 * Generates the panel and loads `tables` of it as datasets `owner` owns in their organization (members read them).
 * Datasets of a table that a load left half-way are replaced, not duplicated. Throws when a table fails to load.
 */
export async function loadPanelTables(
  db: Db, engine: Engine, owner: Identity, tables: readonly PanelTable[], { visits, seed }: PanelSize, dataDir: string, onProgress?: (report: ProgressReport) => void,
): Promise<PanelDataset[]> {
  // Unique per run, so what a crashed or concurrent run left there is never mixed in.
  const outDir = path.join(dataDir, 'tmp', `panel-${owner.organizationId}-${randomUUID()}`);
  const loaded: PanelDataset[] = [];
  try {
    const files = await generatePanel({ visits, seed, outDir, ...(onProgress ? { onProgress } : {}) });
    for (const table of tables) {
      await removeUnfinished(db, engine, owner.organizationId, table);
      const dataset = await createDataset(db, owner, {
        name: TABLE_TITLES[table],
        description: `Synthetic foot-traffic panel (${visits.toLocaleString('en-US')} visits, seed ${seed}), table ${table}`,
        type: 'managed',
        metadata: { panelTable: table, panelVisits: visits, panelSeed: seed, source: 'generator' },
      });
      const done = await uploadData(db, engine, owner, dataset.id, createReadStream(files[table]), { format: 'parquet', skipArrow: true, contentLength: null });
      if (done.status !== 'ready') throw new Error(`Demo data: loading ${table} failed: ${done.errorMessage ?? done.status}`);
      loaded.push({ id: dataset.id, name: dataset.name, table });
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return loaded;
}

async function removeUnfinished(db: Db, engine: Engine, organizationId: string, table: PanelTable): Promise<void> {
  const stale = await db.query<{ id: string; owner_id: string }>(
    `SELECT id, owner_id FROM datasets WHERE organization_id = $1 AND metadata->>'panelTable' = $2 AND status <> 'ready'`,
    [organizationId, table],
  );
  for (const row of stale) {
    const owner = await findIdentity(db, row.owner_id);
    if (owner) await deleteDataset(db, engine, owner, row.id);
  }
}
