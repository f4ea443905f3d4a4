// Progress of a job made of stages (the generator's tables, the rollup build's rollups): which stage, its counts, the
// share of the whole job done and an estimate of the time left. Shared by the generator, the server and the bench so
// every consumer reads the same report and the same arithmetic.

export interface Stage {
  readonly name: string;
  /** The stage's share of the job's work (rows planned, or 1 per stage when nothing better is known). */
  readonly weight: number;
}

export interface ProgressReport {
  readonly stage: string;
  /** 1-based position of the stage, of `stages`. */
  readonly stageIndex: number;
  readonly stages: number;
  /** Units of the stage done and planned (rows, or 0/1 when only the stage's end is known). */
  readonly done: number;
  readonly planned: number;
  /** Share of the whole job done, 0..1, never decreasing; 1 only once every stage finished. */
  readonly fraction: number;
  readonly elapsedMs: number;
  /** Time left at the job's average rate so far; null until enough is done to tell. */
  readonly etaMs: number | null;
}

export interface Progress {
  /** `done` of `planned` units of the named stage (a count from the work itself, never a guess). */
  update(stage: string, done: number, planned?: number): void;
  /** The named stage is complete, with `done` units (default: what it planned, or 1). */
  finish(stage: string, done?: number): void;
  readonly last: ProgressReport;
}

/** Below this share of the job an estimate is mostly noise (start-up costs), so none is given. */
const MIN_FRACTION_FOR_ESTIMATE = 0.02;

/** Time left when `fraction` of the job took `elapsedMs`, at that rate. */
export const estimateMs = (fraction: number, elapsedMs: number): number | null =>
  fraction < MIN_FRACTION_FOR_ESTIMATE || fraction >= 1 ? (fraction >= 1 ? 0 : null) : Math.round((elapsedMs * (1 - fraction)) / fraction);

/** A job's progress over `stages` (in order); every change is handed to `onReport`. */
export function createProgress(stages: readonly Stage[], onReport: (report: ProgressReport) => void, now: () => number = Date.now): Progress {
  if (stages.length === 0) throw new Error('A job needs at least one stage');
  const began = now();
  const total = stages.reduce((sum, stage) => sum + Math.max(0, stage.weight), 0) || 1;
  const index = (name: string): number => {
    const found = stages.findIndex((stage) => stage.name === name);
    if (found < 0) throw new Error(`Unknown stage ${name}`);
    return found;
  };
  const before = (k: number): number => stages.slice(0, k).reduce((sum, stage) => sum + Math.max(0, stage.weight), 0);
  let last: ProgressReport = { stage: stages[0]!.name, stageIndex: 1, stages: stages.length, done: 0, planned: 0, fraction: 0, elapsedMs: 0, etaMs: null };
  const report = (k: number, done: number, planned: number, complete: boolean): void => {
    const share = complete ? 1 : planned > 0 ? Math.min(1, Math.max(0, done / planned)) : 0;
    const reached = (before(k) + Math.max(0, stages[k]!.weight) * share) / total;
    const finished = complete && k === stages.length - 1;
    // Never backwards (a stage reported late), and 1 only when the last stage is done.
    const fraction = finished ? 1 : Math.min(Math.max(last.fraction, reached), 1 - Number.EPSILON);
    const elapsedMs = now() - began;
    last = { stage: stages[k]!.name, stageIndex: k + 1, stages: stages.length, done, planned, fraction, elapsedMs, etaMs: estimateMs(fraction, elapsedMs) };
    onReport(last);
  };
  return {
    update: (stage, done, planned = 0) => report(index(stage), done, planned, false),
    finish: (stage, done) => {
      const count = done ?? ((last.stage === stage ? last.planned : 0) || 1);
      report(index(stage), count, count, true);
    },
    get last() {
      return last;
    },
  };
}

const count = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => (ms >= 90_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(1, Math.round(ms / 1000))} s`);

/** One line for people: "visits (stage 6 of 6): 12,000,000 of 100,000,000 rows, 31 %, about 85 s left". */
export const formatProgress = (report: ProgressReport, unit = 'rows'): string => {
  const counts = report.planned > 1 ? `: ${count(report.done)} of ${count(report.planned)} ${unit}` : '';
  const left = report.fraction >= 1 ? 'done' : report.etaMs === null ? 'estimating time left' : `about ${seconds(report.etaMs)} left`;
  return `${report.stage} (stage ${report.stageIndex} of ${report.stages})${counts}, ${Math.floor(report.fraction * 100)} %, ${left}`;
};

/**
 * Passes on a report when its stage changed or at least `intervalMs` went by since the last one passed on (CLI
 * lines, metadata writes): cheap consumers whatever the rate of updates.
 */
export function throttleProgress(onReport: (report: ProgressReport) => void, intervalMs: number): (report: ProgressReport) => void {
  let stage = '';
  let at = -Infinity;
  return (report) => {
    const changed = report.stage !== stage || report.fraction >= 1;
    if (!changed && report.elapsedMs - at < intervalMs) return;
    stage = report.stage;
    at = report.elapsedMs;
    onReport(report);
  };
}
