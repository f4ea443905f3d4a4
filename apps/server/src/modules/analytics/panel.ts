// The organization's foot-traffic panel as view SQL reads it: its four datasets and the rollups computed from them.
import { PANEL_TABLE_NAMES } from '@atlas/analytics';
import type { Engine } from '../../engine/types.js';
import { invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { findPanelDatasets } from './repo.js';
import type { PanelSource } from './rollups/store.js';
import { panelRollups, type RollupWait } from './rollups/underway.js';
import type { PanelRelations, RawPanelRelations } from './views/index.js';

export const PANEL_NOT_LOADED = 'The foot-traffic panel is not loaded for this organization';

export interface Panel {
  relations: PanelRelations;
  /** Data version per panel dataset id: what every answer computed from the panel depends on. */
  versions: Record<string, string>;
}

/** The oldest readable dataset of each panel table, with its data (422 when any is missing): what the rollups are computed from. */
export async function panelSource(db: Queryable, engine: Engine, identity: Identity, organizationId: string, adminMode: boolean): Promise<PanelSource> {
  const found = await findPanelDatasets(db, identity, organizationId, PANEL_TABLE_NAMES, adminMode);
  const relations: Partial<RawPanelRelations> = {};
  const datasets: Partial<Record<keyof RawPanelRelations, string>> = {};
  const versions: Record<string, string> = {};
  const stored = await engine.datasetsData(found.map((row) => row.id));
  for (const table of PANEL_TABLE_NAMES) {
    const id = found.find((row) => row.table === table)?.id;
    const data = id ? stored.get(id) : undefined;
    if (!id || !data) throw invalidInput(PANEL_NOT_LOADED, `No ${table} data`);
    relations[table] = data.relation;
    datasets[table] = id;
    versions[id] = data.version;
  }
  return { relations: relations as RawPanelRelations, datasets: datasets as Record<keyof RawPanelRelations, string>, versions };
}

/**
 * The panel's datasets (panelSource) and its rollups. While rollups build, the panel datasets' metadata.progress says
 * which (rollups/status.ts); `wait` bounds the wait (503 after it).
 */
export async function loadPanel(
  db: Queryable, engine: Engine, identity: Identity, organizationId: string, adminMode: boolean, wait: RollupWait = {},
): Promise<Panel> {
  const source = await panelSource(db, engine, identity, organizationId, adminMode);
  return { relations: await panelRollups(db, engine, source, wait), versions: source.versions };
}
