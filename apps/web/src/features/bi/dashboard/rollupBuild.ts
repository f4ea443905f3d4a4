// While the panel's rollups build, the server answers an analytic query 503 with the build's stage in details
// ("journeys (stage 9 of 14), 61 %, about 240 s left"): a chart says so and asks again until they are built.
import { ApiError } from '@atlas/client';
import { isRetryable } from '../../../api/errors';

/** How often a chart asks again while the rollups build. */
export const BUILD_RETRY_MS = 5000;
const MAX_RETRIES = 2;

/** The build's stage when `error` is the analytic query's "being built" answer (its only 503), else null. */
export const rollupBuildStatus = (error: unknown): string | null => (error instanceof ApiError && error.status === 503 ? error.details || error.message : null);

/** A chart retries for as long as the build runs; other failures as every query does. */
export const chartRetry = (failureCount: number, error: unknown): boolean =>
  rollupBuildStatus(error) !== null || (failureCount < MAX_RETRIES && isRetryable(error));

export const chartRetryDelay = (failureCount: number, error: unknown): number =>
  rollupBuildStatus(error) !== null ? BUILD_RETRY_MS : Math.min(1000 * 2 ** failureCount, 30_000);
