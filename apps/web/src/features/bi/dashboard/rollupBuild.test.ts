import { ApiError } from '@atlas/client';
import { describe, expect, it } from 'vitest';
import { BUILD_RETRY_MS, chartRetry, chartRetryDelay, rollupBuildStatus } from './rollupBuild';

const building = new ApiError({
  status: 503, message: 'The analytic rollups are being built', details: 'journeys (stage 9 of 14), 61 %, about 240 s left', appStatusCode: 'SERVICE_UNAVAILABLE', url: '/v1/query/x/template/y',
});
const invalid = new ApiError({ status: 400, message: 'Bad', url: '/v1/query/x/template/y' });

describe('rollup build answers', () => {
  it('reads the stage from the 503 and nothing from other failures', () => {
    expect(rollupBuildStatus(building)).toBe('journeys (stage 9 of 14), 61 %, about 240 s left');
    expect(rollupBuildStatus(invalid)).toBeNull();
    expect(rollupBuildStatus(null)).toBeNull();
  });

  it('keeps asking every few seconds while the build runs, and gives up on other failures as usual', () => {
    expect(chartRetry(50, building)).toBe(true);
    expect(chartRetryDelay(50, building)).toBe(BUILD_RETRY_MS);
    expect(chartRetry(0, invalid)).toBe(false);
    expect(chartRetry(2, new Error('network'))).toBe(false);
    expect(chartRetry(1, new Error('network'))).toBe(true);
  });
});
