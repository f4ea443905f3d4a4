import { describe, expect, it } from 'vitest';
import { rollupBuildText } from './rollupStatus';

describe('rollupBuildText', () => {
  it('says the stage and the time left while the rollups build, nothing otherwise', () => {
    const progress = { phase: 'rollups', fraction: 0.61, stage: 'journeys', stageIndex: 9, stages: 14, etaSeconds: 240 };
    expect(rollupBuildText({ progress })).toBe('Building rollups: journeys, stage 9 of 14, about 240 s left');
    expect(rollupBuildText({ progress: { ...progress, etaSeconds: null } })).toBe('Building rollups: journeys, stage 9 of 14, estimating the time left');
    expect(rollupBuildText({ progress: { ...progress, phase: 'done' } })).toBeNull();
    expect(rollupBuildText({ progress: { phase: 'aggregating', fraction: 0.05 } })).toBeNull();
    expect(rollupBuildText({})).toBeNull();
  });
});
