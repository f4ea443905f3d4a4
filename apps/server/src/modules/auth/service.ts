import { randomBytes } from 'node:crypto';
import {
  AppStatusCode,
  PLACEHOLDER_TOKEN,
  SESSION_TTL_SECONDS,
  type EmailVerified,
  type SignInRequest,
  type SignInResponse,
  type SignUpRequest,
  type SignUpResponse,
} from '@atlas/domain';
import { badRequest, unauthorized } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashPassword, hashSecret, newSecret, secretKind, verifyPassword } from '../../security/secrets.js';
import type { Db, Queryable } from '../../store/index.js';
import { claimInvitations } from '../organizations/invitations-claim.js';
import { createOrganization } from '../organizations/repo.js';
import { findUserByEmail, findUserById, toUser, type UserRow } from '../users/repo.js';
import { createUser, markEmailVerified } from '../users/service.js';
import { accountSubject, checkPasswordAttempt, type AttemptSource } from './attempts.js';
import type { Mailer } from './mail.js';
import * as repo from './repo.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const VERIFICATION_TTL_MS = 48 * 3600 * 1000;

async function openSession(db: Queryable, row: UserRow): Promise<SignInResponse> {
  const token = newSecret('session');
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await repo.insertSession(db, hashSecret(token), row.id, expiresAt);
  return { token, expiresAt: expiresAt.toISOString(), user: toUser(row) };
}

/** Unknown addresses are checked (and locked) like known ones, so the limits tell nothing about which accounts exist. */
export async function signIn(db: Db, request: SignInRequest, source: AttemptSource): Promise<SignInResponse> {
  const row = await findUserByEmail(db, request.email);
  const valid = await checkPasswordAttempt(db, source, accountSubject(request.email), () => verifyPassword(row?.password_hash ?? null, request.password));
  if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS, '', AppStatusCode.InvalidCredentials);
  // Merged into another account (docs/admin.md "Account merge"): told only to whoever knows its password.
  if (row.disabled_at) throw unauthorized('This account is disabled', 'It was merged into another account: sign in with that one');
  return openSession(db, await joinInvitedOrganization(db, row));
}

/** An invitation sent to an account's verified address since it last signed in becomes its membership now. */
async function joinInvitedOrganization(db: Db, row: UserRow): Promise<UserRow> {
  if (!row.email_verified_at) return row;
  return db.transaction(async (tx) => {
    if (!(await claimInvitations(tx, row.id, row.email))) return row;
    return (await findUserById(tx, row.id)) ?? row;
  });
}

export interface MailContext {
  mailer: Mailer | null;
  /** Origin the verification link points at. */
  publicUrl: string;
}

async function newVerificationLink(tx: Queryable, userId: string, email: string, publicUrl: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertEmailVerification(tx, hashSecret(token), userId, email, new Date(Date.now() + VERIFICATION_TTL_MS));
  return `${publicUrl}/v1/auth/verify-email?token=${token}`;
}

/**
 * Opens an account in an organization of its own, its address unverified (so e-mail grants wait for verification).
 * An address that already has an account gets the same answer and nothing is made: both paths hash the password and
 * send their mail in the background, so neither the answer nor its timing tells whether the account existed.
 */
export async function signUp(db: Db, request: SignUpRequest, { mailer, publicUrl }: MailContext): Promise<SignUpResponse> {
  const passwordHash = await hashPassword(request.password);
  const userId = await db.transaction(async (tx) => {
    if (await findUserByEmail(tx, request.email)) return null;
    const organizationId = await createOrganization(tx, { name: request.name, makerQuotaPolicy: 'maker' });
    const { email, name } = request;
    return createUser(tx, { email, name, passwordHash, organizationId, seat: 'maker', isAdmin: false, quotaPolicyId: 'maker', emailVerified: false });
  });
  if (!mailer) return { message: 'If the address had no account, it has one now: sign in with it' };
  if (userId) {
    const link = await newVerificationLink(db, userId, request.email, publicUrl);
    mailer.send(request.email, 'Confirm your e-mail address', `Open this link to confirm your address:\n\n${link}\n\nIt works for 48 hours.`);
  } else {
    mailer.send(request.email, 'Your account', 'Someone asked to open an account with this address, which already has one. Sign in instead; if it was not you, ignore this e-mail.');
  }
  return { message: 'Check your e-mail, then sign in' };
}

/** The link sent at sign-up: proves the address is the user's, so e-mail grants and invitations become theirs. */
export async function verifyEmail(db: Db, token: string): Promise<EmailVerified> {
  return db.transaction(async (tx) => {
    const userId = await repo.takeEmailVerification(tx, hashSecret(token));
    if (!userId) throw badRequest('Invalid or expired verification link', 'Sign in and ask an administrator to verify your address');
    await markEmailVerified(tx, userId);
    return { message: 'E-mail address verified' };
  });
}

export const signOut = (db: Db, identity: Identity) =>
  identity.via === 'session' ? repo.deleteSession(db, identity.tokenHash) : Promise.resolve();

/** Ends every session of the caller, on every device; API keys are managed at /v1/api-key. */
export const signOutEverywhere = (db: Db, identity: Identity) => repo.deleteSessionsOf(db, identity.userId, null);

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
