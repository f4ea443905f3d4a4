import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A view token: what a public page holds once a password-protected item was unlocked, so its data calls (a map's
 * datasets, a dashboard's charts) need neither the password again nor another argon2 check and attempt count each.
 * It names the published item, an expiry and a fingerprint of the password hash, signed with SIGNING_SECRET: a new
 * password (or removing it and setting another) ends every token given out before.
 */
export const VIEW_TOKEN_HEADER = 'x-view-token';
export const VIEW_TOKEN_TTL_MS = 8 * 3600_000;

const fingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`published-view:${payload}`).digest('base64url');

export function issueViewToken(secret: string, publishedId: string, passwordHash: string, now = Date.now()): string {
  const payload = `${publishedId}.${now + VIEW_TOKEN_TTL_MS}.${fingerprint(passwordHash)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** True when the token was issued for this item and its current password, and has not expired. */
export function verifyViewToken(secret: string, token: string | undefined, publishedId: string, passwordHash: string, now = Date.now()): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 4) return false;
  const [id, expiry, print, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${expiry}.${print}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return id === publishedId && print === fingerprint(passwordHash) && Number(expiry) > now;
}
