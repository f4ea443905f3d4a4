import type { FeatureFlags, Quota, ScreeningStatusResult, ScreeningStatusUpdates, User, UserSeat, UserUpdate } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { forbidden, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { getFeatureFlags } from '../organizations/repo.js';
import { claimEmailGrants, existsById } from '../permissions/repo.js';
import * as repo from './repo.js';

/** Every new account goes through here, so grants sent to its email before it existed become its own. */
export async function createUser(tx: Queryable, user: repo.NewUser): Promise<string> {
  const id = await repo.insertUser(tx, user);
  await claimEmailGrants(tx, id, user.email);
  return id;
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
  if (!row || (!identity.isAdmin && row.organization_id !== identity.organizationId)) throw notFound(USER_NOT_FOUND, `No user with id ${id}`);
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
  if (id !== identity.userId && !identity.isAdmin) throw forbidden('Only administrators can update other users');
  await repo.updateUserName(db, id, update.name);
  return repo.toUser((await repo.findUserById(db, id))!);
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
