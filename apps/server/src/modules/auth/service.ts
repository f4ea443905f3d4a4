import { AppStatusCode, PLACEHOLDER_TOKEN, SESSION_TTL_SECONDS, type SignInRequest, type SignInResponse, type SignUpRequest } from '@atlas/domain';
import { conflict, unauthorized } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashPassword, hashSecret, newSecret, secretKind, verifyPassword } from '../../security/secrets.js';
import type { Db } from '../../store/index.js';
import { createOrganization } from '../organizations/repo.js';
import { findUserByEmail, toUser } from '../users/repo.js';
import { createUser } from '../users/service.js';
import * as repo from './repo.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

export async function signIn(db: Db, request: SignInRequest): Promise<SignInResponse> {
  const row = await findUserByEmail(db, request.email);
  const valid = await verifyPassword(row?.password_hash ?? null, request.password);
  if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS, '', AppStatusCode.InvalidCredentials);
  const token = newSecret('session');
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await repo.insertSession(db, hashSecret(token), row.id, expiresAt);
  return { token, expiresAt: expiresAt.toISOString(), user: toUser(row) };
}

/** Opens an account in an organization of its own, then signs it in. */
export async function signUp(db: Db, request: SignUpRequest): Promise<SignInResponse> {
  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    if (await findUserByEmail(tx, request.email)) throw conflict('An account with this email already exists', 'Sign in instead');
    const organizationId = await createOrganization(tx, { name: request.name, makerQuotaPolicy: 'maker' });
    await createUser(tx, { email: request.email, name: request.name, passwordHash, organizationId, seat: 'maker', isAdmin: false, quotaPolicyId: 'maker' });
  });
  return signIn(db, { email: request.email, password: request.password });
}

export const signOut = (db: Db, identity: Identity) =>
  identity.via === 'session' ? repo.deleteSession(db, identity.tokenHash) : Promise.resolve();

/** Reads `Authorization: Bearer …`; null when no credentials were sent (or the signed-out placeholder). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Malformed Authorization header', 'Expected "Bearer <token>"');
  return match[1] === PLACEHOLDER_TOKEN ? null : match[1]!;
}

/** Resolves a session token or API key to its owner; throws 401 for unknown, revoked or expired secrets. */
export async function resolveToken(db: Db, token: string): Promise<Identity> {
  const kind = secretKind(token);
  if (!kind) throw unauthorized('Invalid token', 'The bearer token is not a session token or an API key');
  const tokenHash = hashSecret(token);
  const owner = kind === 'session' ? await repo.findSessionOwner(db, tokenHash) : await repo.findApiKeyOwner(db, tokenHash);
  const what = kind === 'session' ? 'Session' : 'API key';
  if (!owner) throw unauthorized(`${what} is not valid`, kind === 'session' ? 'Sign in again' : 'The API key was deleted or replaced');
  if (owner.expires_at && owner.expires_at.getTime() <= Date.now()) {
    throw unauthorized(`${what} has expired`, kind === 'session' ? 'Sign in again' : 'Create a new API key', AppStatusCode.TokenExpired);
  }
  if (kind === 'apiKey') await repo.touchApiKey(db, tokenHash);
  return {
    userId: owner.user_id,
    organizationId: owner.organization_id,
    seat: owner.seat,
    isAdmin: owner.is_admin,
    via: kind,
    tokenHash,
  };
}
