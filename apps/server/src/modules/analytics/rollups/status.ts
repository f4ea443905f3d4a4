// The rollup build's progress as the panel datasets' status: metadata.progress on each of them (what GET
// /v1/datasets/{id} and the datasets screen show), like a hex-tile build's. At most one write per second or per stage.
import { throttleProgress, type ProgressReport } from '@atlas/analytics';
import type { Queryable } from '../../../store/index.js';

/** What metadata.progress holds while the rollups build (phase 'rollups') and once they are built (phase 'done'). */
export interface RollupStatus {
  phase: 'rollups' | 'done';
  fraction: number;
  stage: string;
  stageIndex: number;
  stages: number;
  /** Seconds left at the build's rate so far; null until it can tell. */
  etaSeconds: number | null;
}

const WRITE_INTERVAL_MS = 1000;

export const rollupStatus = (report: ProgressReport): RollupStatus => ({
  phase: report.fraction >= 1 ? 'done' : 'rollups',
  fraction: report.fraction,
  stage: report.stage,
  stageIndex: report.stageIndex,
  stages: report.stages,
  etaSeconds: report.etaMs === null ? null : Math.round(report.etaMs / 1000),
});

/**
 * A progress callback writing the status onto `datasetIds`; writes run one after another and a failed write is
 * dropped (the status is advisory, the build goes on). `flushed` resolves once every write so far is done.
 */
export function rollupStatusWriter(db: Queryable, datasetIds: readonly string[]): { onProgress: (report: ProgressReport) => void; flushed: () => Promise<void> } {
  let chain = Promise.resolve();
  const write = (report: ProgressReport) => {
    const status = JSON.stringify(rollupStatus(report));
    chain = chain
      .then(() => db.query(`UPDATE datasets SET metadata = jsonb_set(metadata, '{progress}', $2::jsonb) WHERE id = ANY($1::uuid[])`, [[...datasetIds], status]))
      .then(() => undefined, () => undefined);
  };
  return { onProgress: throttleProgress(write, WRITE_INTERVAL_MS), flushed: () => chain };
}
