import { ApiError } from '@atlas/client';
import { Messages } from '@atlas/domain';

/** The text a person sees for a failed call: the ApiError's "message (details)". */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.displayText;
  if (error instanceof Error && error.message) return error.message;
  return Messages.unknownServerError;
}

/** The server no longer accepts our token (missing, bad or expired). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Client errors (4xx) will fail the same way again; only network and server failures are worth a retry. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
