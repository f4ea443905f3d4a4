import { formatProgress, throttleProgress } from '@atlas/analytics';
import type { Engine } from '../engine/types.js';
import { loadPanelTables, missingPanelTables, readyPanelDatasets } from '../modules/analytics/demo-panel.js';
import { loadPanel } from '../modules/analytics/panel.js';
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
const PROGRESS_LINE_MS = 5000;

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
  const tables = missingPanelTables(await readyPanelDatasets(db, owner.organization_id));
  if (tables.length === 0) return;
  const identity = identityOfUser(owner);
  log(`Generating the demo foot-traffic panel (${visits.toLocaleString('en-US')} visits, seed ${seed}) …`);
  const generated = performance.now();
  // One line per stage and every 5 s within one, for the generator and the rollup build alike.
  const lines = (what: string) => throttleProgress((report) => log(`${what}: ${formatProgress(report)}`), PROGRESS_LINE_MS);
  await loadPanelTables(db, engine, identity, tables, { visits, seed }, dataDir, lines('Panel'));
  log(`Demo foot-traffic panel loaded in ${((performance.now() - generated) / 1000).toFixed(1)} s.`);
  const started = performance.now();
  await loadPanel(db, engine, identity, owner.organization_id, false, { onProgress: lines('Rollups') });
  log(`Analytic rollups built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
