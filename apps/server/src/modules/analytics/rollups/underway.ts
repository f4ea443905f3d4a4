// Rollup builds under way in this process, one per panel version: every query of the panel joins the same build (one
// progress, one status writer), and a query that would wait longer than it may answers 503 with the build's stage
// ("journeys (stage 9 of 14), 61 %, about 240 s left") instead of blocking until the build ends.
import { AppStatusCode } from '@atlas/domain';
import { formatProgress, type ProgressReport } from '@atlas/analytics';
import type { Engine } from '../../../engine/types.js';
import { AppError } from '../../../http/errors.js';
import { withoutAuditContext, type Queryable } from '../../../store/index.js';
import type { PanelRelations } from '../views/index.js';
import { rollupStatusWriter } from './status.js';
import { ensureRollups, type PanelSource } from './store.js';

export const ROLLUPS_BUILDING = 'The analytic rollups are being built';

interface Build {
  relations: Promise<PanelRelations>;
  last: ProgressReport | null;
  listeners: Set<(report: ProgressReport) => void>;
}

const underway = new Map<string, Build>();

/** A 503 saying where the build is; the dashboards show it and ask again. */
export const buildingError = (last: ProgressReport | null) =>
  new AppError(503, ROLLUPS_BUILDING, AppStatusCode.ServiceUnavailable, last ? formatProgress(last) : 'starting');

function start(db: Queryable, engine: Engine, source: PanelSource, key: string): Build {
  const status = rollupStatusWriter(db, Object.values(source.datasets));
  const build: Build = { relations: Promise.resolve({} as PanelRelations), last: null, listeners: new Set() };
  // The build outlives the query that started it: its status writes are the system's, not the caller's (audit log).
  build.relations = withoutAuditContext(() =>
    ensureRollups(db, engine, source, (report) => {
      build.last = report;
      status.onProgress(report);
      for (const listener of build.listeners) listener(report);
    }),
  )
    .finally(status.flushed)
    .finally(() => underway.delete(key));
  // Callers that stopped waiting (503) leave the build running: its failure is theirs to see at their next query.
  build.relations.catch(() => undefined);
  underway.set(key, build);
  return build;
}

export interface RollupWait {
  /** Hears every stage of the build this caller waits for. */
  onProgress?: (report: ProgressReport) => void;
  /** Longest wait for a build before answering 503 with its stage; no limit when absent. */
  waitMs?: number;
}

/** The panel's relations with every rollup, joining or starting the build of the missing ones. */
export async function panelRollups(db: Queryable, engine: Engine, source: PanelSource, { onProgress, waitMs }: RollupWait = {}): Promise<PanelRelations> {
  const key = JSON.stringify(Object.entries(source.versions).sort());
  const build = underway.get(key) ?? start(db, engine, source, key);
  if (onProgress) build.listeners.add(onProgress);
  let timer: NodeJS.Timeout | undefined;
  try {
    if (waitMs === undefined) return await build.relations;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(buildingError(build.last)), waitMs);
    });
    return await Promise.race([build.relations, expired]);
  } finally {
    clearTimeout(timer);
    if (onProgress) build.listeners.delete(onProgress);
  }
}
