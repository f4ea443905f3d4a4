// What the storage drivers share: the folder delimiter, the connect timeout, one HTTP call, and the answers for a
// failed connection, a missing object and a store's refusal.
import { AppError, invalidInput, notFound } from '../../http/errors.js';
import { driverError } from '../errors.js';
import { connectableAddress, unreachable } from '../network.js';
import type { ConnectionTarget } from '../types.js';

export const DELIMITER = '/';
export const CONNECT_TIMEOUT_MS = 10_000;

export const couldNotConnect = (details: string) => invalidInput('Could not connect to the storage', details);
export const objectNotFound = (bucket: string, key: string) => notFound('Object not found', `No object "${key}" in bucket "${bucket}"`);

/**
 * One call to a store's HTTP API, no redirect followed: only the wait for the answer's headers is timed (a download's
 * body takes as long as it takes). No answer is unreachable(); a 404 is `notFound()` when given; any other answer is
 * the caller's to read (its refusals are the store's own words, which each API puts differently).
 */
export async function callStore(url: URL, init: RequestInit, target: ConnectionTarget, what: string, notFound?: () => Error): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CONNECT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: abort.signal });
  } catch (error) {
    throw storeError(error, target, undefined, what);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 404 && notFound) {
    await response.body?.cancel();
    throw notFound();
  }
  return response;
}

/** The store's own refusal (its status, error name and message, never the secret) as a 422; no answer at all is unreachable(). */
export function storeError(error: unknown, target: ConnectionTarget, status: number | undefined, what: string): AppError {
  if (error instanceof AppError) return error;
  if (!status) return unreachable();
  return driverError(error, target, what);
}

