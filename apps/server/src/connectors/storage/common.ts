// What both storage drivers share: the folder delimiter, the connect timeout, and the answers for a failed connection,
// a missing object and a store's refusal.
import { AppError, invalidInput, notFound } from '../../http/errors.js';
import { driverError } from '../errors.js';
import { connectableAddress, unreachable } from '../network.js';
import type { ConnectionTarget } from '../types.js';

export const DELIMITER = '/';
export const CONNECT_TIMEOUT_MS = 10_000;

export const couldNotConnect = (details: string) => invalidInput('Could not connect to the storage', details);
export const objectNotFound = (bucket: string, key: string) => notFound('Object not found', `No object "${key}" in bucket "${bucket}"`);

/** The store's own refusal (its status, error name and message, never the secret) as a 422; no answer at all is unreachable(). */
export function storeError(error: unknown, target: ConnectionTarget, status: number | undefined, what: string): AppError {
  if (error instanceof AppError) return error;
  if (!status) return unreachable();
  return driverError(error, target, what);
}

