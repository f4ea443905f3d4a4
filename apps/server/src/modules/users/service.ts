import {
  AppStatusCode,
  type FeatureFlags,
  type PasswordChangeRequest,
  type Quota,
  type ScreeningStatusResult,
  type ScreeningStatusUpdates,
  type User,
  type UserSeat,
  type UserUpdate,
} from '@atlas/domain';
import { assertAdministrator, assertSameOrganizationOrAdmin, isOwnerOrAdministrator } from '../../http/access.js';
import { badRequest, forbidden, invalidInput, notFound, unauthorized } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashPassword, verifyPassword } from '../../security/secrets.js';
import type { Db, Queryable } from '../../store/index.js';
import { accountSubject, checkPasswordAttempt, type AttemptSource } from '../auth/attempts.js';
import { deleteSessionsOf } from '../auth/repo.js';
import { claimInvitations } from '../organizations/invitations-claim.js';
import { getFeatureFlags } from '../organizations/repo.js';
import { claimEmailGrants, existsById } from '../permissions/repo.js';
import * as repo from './repo.js';

/** Every new account goes through here, so grants and invitations sent to its email before it existed become its own once the address is verified. */
export async function createUser(tx: Queryable, user: repo.NewUser): Promise<string> {
  const id = await repo.insertUser(tx, user);
  if (user.emailVerified !== false) await claimAddressed(tx, id, user.email);
  return id;
}

/** What was sent to a verified address before: e-mail grants become the account's, an invitation its membership. */
export async function claimAddressed(tx: Queryable, id: string, email: string): Promise<void> {
  await claimEmailGrants(tx, id, email);
  await claimInvitations(tx, id, email);
}

const USER_NOT_FOUND = 'User not found';

async function loadSelf(db: Db, identity: Identity): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, identity.userId);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** Users of another organization are invisible (404) unless the caller is an administrator. */
async function loadVisibleUser(db: Db, identity: Identity, id: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, id);
  const missing = () => notFound(USER_NOT_FOUND, `No user with id ${id}`);
  if (!row) throw missing();
  assertSameOrganizationOrAdmin(identity, row.organization_id, missing);
  return row;
}

export async function getMe(db: Db, identity: Identity, includeFlags: boolean): Promise<User> {
  const user = repo.toUser(await loadSelf(db, identity));
  return includeFlags ? { ...user, flags: await getFeatureFlags(db, identity.organizationId) } : user;
}

export const getMyFlags = (db: Db, identity: Identity): Promise<FeatureFlags> => getFeatureFlags(db, identity.organizationId);

export async function getMyQuota(db: Db, identity: Identity): Promise<Quota> {
  const row = await loadSelf(db, identity);
  return { quotaPolicy: repo.toQuotaPolicy(row), quotaUsage: repo.toQuotaUsage(row.quota_usage) };
}

export async function getSeat(db: Db, identity: Identity, id: string): Promise<UserSeat> {
  const row = await loadVisibleUser(db, identity, id);
  return { userId: row.id, organizationId: row.organization_id, seat: row.seat };
}

/** A user edits their own profile; administrators edit anyone's. */
export async function updateUser(db: Db, identity: Identity, id: string, update: UserUpdate): Promise<User> {
  await loadVisibleUser(db, identity, id);
  if (!isOwnerOrAdministrator(identity, id)) throw forbidden('Only administrators can update other users');
  await repo.updateUserName(db, id, update.name);
  return repo.toUser((await repo.findUserById(db, id))!);
}

/** The address is shown to be the user's: grants and invitations sent to it reach them from now on. */
export async function markEmailVerified(tx: Queryable, id: string): Promise<void> {
  const row = await repo.findUserById(tx, id);
  if (!row) throw notFound(USER_NOT_FOUND, `No user with id ${id}`);
  await repo.markEmailVerified(tx, id);
  await claimAddressed(tx, id, row.email);
}

/** Without a mail server, an administrator vouches for a user's address. */
export async function verifyEmailByAdministrator(db: Db, identity: Identity, id: string): Promise<User> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await markEmailVerified(tx, id);
    return repo.toUser((await repo.findUserById(tx, id))!);
  });
}

/**
 * A user changes their own password (the current one required, under the sign-in limits) and keeps only the session
 * they are using; an administrator sets anyone's, and every session of that user ends.
 */
export async function changePassword(db: Db, identity: Identity, id: string, request: PasswordChangeRequest, source: AttemptSource): Promise<void> {
  const row = await loadVisibleUser(db, identity, id);
  if (!isOwnerOrAdministrator(identity, id)) throw forbidden("Only administrators can set other users' passwords");
  const own = id === identity.userId;
  if (own) {
    const current = request.currentPassword;
    if (current === undefined) throw badRequest('The current password is required', 'Send currentPassword');
    const valid = await checkPasswordAttempt(db, source, accountSubject(row.email), () => verifyPassword(row.password_hash, current));
    if (!valid) throw unauthorized('The current password is not correct', '', AppStatusCode.InvalidCredentials);
  }
  const passwordHash = await hashPassword(request.newPassword);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, id, passwordHash);
    await deleteSessionsOf(tx, id, own && identity.via === 'session' ? identity.tokenHash : null);
  });
}

/** Administrators move a user to another organization; the seat stays. */
export async function moveToOrganization(db: Db, identity: Identity, id: string, organizationId: string): Promise<User> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    if (!(await repo.findUserById(tx, id))) throw notFound(USER_NOT_FOUND, `No user with id ${id}`);
    if (!(await existsById(tx, 'organizations', organizationId))) throw notFound('Organization not found', `No organization with id ${organizationId}`);
    await repo.moveUserToOrganization(tx, id, organizationId);
    return repo.toUser((await repo.findUserById(tx, id))!);
  });
}

/** All or nothing: an unknown user id fails the whole list. */
export async function setScreeningStatuses(db: Db, identity: Identity, updates: ScreeningStatusUpdates): Promise<ScreeningStatusResult> {
  assertAdministrator(identity);
  const ids = new Set(updates.map((update) => update.userId));
  if (ids.size !== updates.length) throw invalidInput('Each user may appear once', 'Duplicate userId in the list');
  return db.transaction(async (tx) => {
    const result = await repo.setScreeningStatuses(tx, updates);
    const missing = [...ids].filter((id) => !result.some((row) => row.userId === id));
    if (missing.length) throw notFound(USER_NOT_FOUND, `No user with id ${missing.join(', ')}`);
    return result;
  });
}
