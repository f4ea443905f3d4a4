import type { Queryable } from '../../store/index.js';

export interface TokenOwner {
  user_id: string;
  organization_id: string;
  seat: 'viewer' | 'maker';
  is_admin: boolean;
  expires_at: Date | null;
}

const OWNER_COLUMNS = 'u.id AS user_id, u.organization_id, u.seat, u.is_admin';

export async function insertSession(db: Queryable, tokenHash: string, userId: string, expiresAt: Date) {
  await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
}

export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function findSessionOwner(db: Queryable, tokenHash: string): Promise<TokenOwner | null> {
  // Every request asks this; its expiry is compared with the clock by the caller, so the answer may be remembered.
  const rows = await db.queryRemembered<TokenOwner>(
    `SELECT ${OWNER_COLUMNS}, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND u.disabled_at IS NULL`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function findApiKeyOwner(db: Queryable, keyHash: string): Promise<TokenOwner | null> {
  const rows = await db.query<TokenOwner>(
    `SELECT ${OWNER_COLUMNS}, k.expires_at FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1 AND u.disabled_at IS NULL`,
    [keyHash],
  );
  return rows[0] ?? null;
}

/** Recorded at most once a minute per key, so API traffic does not turn every read into a write. */
export async function touchApiKey(db: Queryable, keyHash: string) {
  await db.query(
    `UPDATE api_keys SET last_used_at = now()
     WHERE key_hash = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [keyHash],
  );
}

/**
 * Forgets what can no longer be used: expired sessions and verification links, and password failures too old to count
 * (older than `windowMs` and not locking anything).
 */
export async function deleteExpired(db: Queryable, windowMs: number) {
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  await db.query('DELETE FROM email_verifications WHERE expires_at < now()');
  await db.query(
    `DELETE FROM password_failures
     WHERE last_failure_at < now() - $1 * interval '1 millisecond' AND (locked_until IS NULL OR locked_until < now())`,
    [windowMs],
  );
}

/** Ends every session of the user but the one kept (null ends them all). */
export async function deleteSessionsOf(db: Queryable, userId: string, keepTokenHash: string | null) {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [userId, keepTokenHash]);
}

export async function insertEmailVerification(db: Queryable, tokenHash: string, userId: string, email: string, expiresAt: Date) {
  await db.query('INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, $4)', [tokenHash, userId, email, expiresAt]);
}

/** Uses up a verification token; its user only while the token is unexpired and the account still has that address. */
export async function takeEmailVerification(db: Queryable, tokenHash: string): Promise<string | null> {
  const rows = await db.query<{ user_id: string; valid: boolean }>(
    `DELETE FROM email_verifications v USING users u
     WHERE v.token_hash = $1 AND u.id = v.user_id
     RETURNING v.user_id, v.expires_at > now() AND lower(u.email) = lower(v.email) AS valid`,
    [tokenHash],
  );
  return rows[0]?.valid ? rows[0].user_id : null;
}
