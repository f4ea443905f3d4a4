// The panel's rollup build as the status of its datasets: the server keeps metadata.progress on each of the four
// panel datasets while it builds (phase 'rollups', see docs/analytics.md "Progress").

interface RollupProgress {
  phase: 'rollups';
  stage: string;
  stageIndex: number;
  stages: number;
  etaSeconds: number | null;
}

const isRollupProgress = (value: unknown): value is RollupProgress =>
  typeof value === 'object' && value !== null && (value as { phase?: unknown }).phase === 'rollups';

/** "Building rollups: journeys, stage 9 of 14, about 240 s left", or null when no build runs. */
export function rollupBuildText(metadata: Record<string, unknown>): string | null {
  const progress = metadata.progress;
  if (!isRollupProgress(progress)) return null;
  const left = progress.etaSeconds === null ? 'estimating the time left' : `about ${progress.etaSeconds} s left`;
  return `Building rollups: ${progress.stage}, stage ${progress.stageIndex} of ${progress.stages}, ${left}`;
}
