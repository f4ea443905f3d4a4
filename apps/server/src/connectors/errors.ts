// The answers every connector gives when a warehouse refuses, runs too long or is cancelled.
import { AppStatusCode } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { redactPaths } from '../http/redact.js';
import type { ConnectionTarget } from './types.js';

export { queryCancelled, queryTimedOut } from '../engine/query.js';

/** `text` with every occurrence of the connection's secret replaced, so no answer or stored execution error holds it. */
export function withoutSecret(text: string, target: ConnectionTarget): string {
  let secret: string | null = null;
  try {
    secret = target.password();
  } catch {
    // No secret: nothing to hide.
  }
  return secret ? text.split(secret).join('***') : text;
}

/** The warehouse's own error (bad SQL, refused login, unknown database) as a readable 422; never holding the secret or a server path. */
export function driverError(error: unknown, target: ConnectionTarget, what: string): AppError {
  const raw = error instanceof Error ? error.message : String(error);
  const message = redactPaths(withoutSecret(raw, target).split('\n')[0]!).slice(0, 1000);
  return new AppError(422, what, AppStatusCode.InvalidInput, message);
}

/** A statement other than a query, refused before it runs: connections are read-only. */
export const notAQuery = () => invalidInput('Query failed', 'Only a query (SELECT, WITH …) runs on a connection: connections are read-only');
