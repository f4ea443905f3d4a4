import type { FastifyRequest } from 'fastify';
import type { Config, PasswordAttemptLimits } from '../../config.js';
import { TooManyRequests } from '../../http/rate-limit.js';
import type { Queryable } from '../../store/index.js';

/** Where a password attempt comes from, and the limits it is held to. */
export interface AttemptSource {
  /** The client address (request.ip). */
  client: string;
  limits: PasswordAttemptLimits;
}

/** Seconds until every one of the subjects is free again; 0 when none is locked. */
async function lockedSeconds(db: Queryable, subjects: string[]): Promise<number> {
  const rows = await db.query<{ seconds: number | null }>(
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS seconds
     FROM password_failures WHERE subject = ANY($1::text[]) AND locked_until > now()`,
    [subjects],
  );
  return rows[0]?.seconds ?? 0;
}

/**
 * Counts a failure; failures after a quiet window (from the last failure or the end of the last lock) start again at one.
 * From the threshold on, each failure locks the subject, for twice as long as the one before, up to maxLockMs.
 */
async function recordFailure(db: Queryable, subject: string, threshold: number, limits: PasswordAttemptLimits) {
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO password_failures AS f (subject, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN greatest(f.last_failure_at, f.locked_until) < now() - $2 * interval '1 millisecond' THEN 1 ELSE f.failures + 1 END,
       last_failure_at = now()
     RETURNING failures`,
    [subject, limits.windowMs],
  );
  const failures = rows[0]!.failures;
  if (failures < threshold) return;
  const lockMs = Math.min(limits.lockMs * 2 ** Math.min(failures - threshold, 30), limits.maxLockMs);
  await db.query(`UPDATE password_failures SET locked_until = now() + $2 * interval '1 millisecond' WHERE subject = $1`, [subject, lockMs]);
}

/**
 * Checks a password under the brute-force limits. While the target (an account, a published item) or the client address
 * is locked, every attempt answers 429, the right password included, or the lock would only slow the guessing down.
 * A failure counts against both; a success clears the target's count only, so signing in to an account of one's own
 * does not reset the address.
 */
export async function checkPasswordAttempt(db: Queryable, source: AttemptSource, target: string, check: () => Promise<boolean>): Promise<boolean> {
  const address = `address:${source.client}`;
  const wait = await lockedSeconds(db, [target, address]);
  if (wait > 0) throw new TooManyRequests('Too many failed attempts', wait);
  if (await check()) {
    await db.query('DELETE FROM password_failures WHERE subject = $1', [target]);
    return true;
  }
  await recordFailure(db, target, source.limits.failures, source.limits);
  await recordFailure(db, address, source.limits.addressFailures, source.limits);
  return false;
}

export const accountSubject = (email: string) => `account:${email.toLowerCase()}`;
export const publishedSubject = (publishedId: string) => `published:${publishedId}`;

export const attemptSource = (request: FastifyRequest, config: Pick<Config, 'passwordAttempts'>): AttemptSource => ({
  client: request.ip,
  limits: config.passwordAttempts,
});
