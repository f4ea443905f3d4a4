import { AppStatusCode, LAST_ADMINISTRATOR_MESSAGE, SQL_PAGING_DEFAULTS, type Seat, type User, type UserLookupQuery } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertPolicyExists } from '../quota/policies.js';
import * as repo from './repo.js';

const USER_NOT_FOUND = 'User not found';

async function loadUser(db: Queryable, id: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound(USER_NOT_FOUND, `No user with id ${id}`);
  return row;
}

/** bi-and-admin.md §5: a look-up by e-mail names exactly one user; none is 404, several a server error. */
export function exactlyOneForEmail<T>(rows: readonly T[], email: string): T {
  if (rows.length === 0) throw notFound(`No user found for email ${email}`, 'No account has this address');
  if (rows.length > 1) throw new AppError(500, `Multiple users found for email ${email}`, AppStatusCode.InternalError, `${rows.length} accounts have this address`);
  return rows[0]!;
}

/** Users matching every property given; with `email`, exactly one (see exactlyOneForEmail). */
export async function lookUpUsers(db: Db, identity: Identity, query: UserLookupQuery): Promise<User[]> {
  assertAdministrator(identity);
  const rows = await repo.searchUsers(db, {
    email: query.email,
    id: query.id,
    name: query.name,
    organizationId: query.organizationId,
    offset: query.offset ?? SQL_PAGING_DEFAULTS.offset,
    limit: query.limit ?? SQL_PAGING_DEFAULTS.limit,
  });
  if (query.email !== undefined) exactlyOneForEmail(rows, query.email);
  return rows.map(repo.toUser);
}

export async function listAdministrators(db: Db, identity: Identity): Promise<User[]> {
  assertAdministrator(identity);
  return (await repo.listAdministrators(db)).map(repo.toUser);
}

/** Making an administrator of one already is no change. */
export async function addAdministrator(db: Db, identity: Identity, id: string): Promise<User> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await loadUser(tx, id);
    await repo.setAdministrator(tx, id, true);
    return repo.toUser(await loadUser(tx, id));
  });
}

/** Someone must stay able to administer the studio: the last administrator stays one. */
export async function removeAdministrator(db: Db, identity: Identity, id: string): Promise<void> {
  assertAdministrator(identity);
  await db.transaction(async (tx) => {
    await loadUser(tx, id);
    const administrators = await repo.lockAdministrators(tx);
    if (!administrators.includes(id)) return;
    if (administrators.length === 1) throw conflict(LAST_ADMINISTRATOR_MESSAGE, 'Make another user an administrator first');
    await repo.setAdministrator(tx, id, false);
  });
}

/** The seat of a member of the organization; the quota policy follows it (a maker gets the organization's maker policy). */
export async function setSeat(db: Db, identity: Identity, userId: string, organizationId: string, seat: Seat): Promise<User> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    const row = await loadUser(tx, userId);
    if (row.organization_id !== organizationId) throw notFound('User is not a member of this organization', `User ${userId} belongs to organization ${row.organization_id}`);
    await repo.setSeat(tx, userId, seat);
    return repo.toUser(await loadUser(tx, userId));
  });
}

/** Sets one user's policy, whatever their seat gives (until their seat or the organization's maker policy changes). */
export async function setQuotaPolicy(db: Db, identity: Identity, userId: string, policyId: string): Promise<User> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await loadUser(tx, userId);
    await assertPolicyExists(tx, policyId);
    await repo.setQuotaPolicy(tx, userId, policyId);
    return repo.toUser(await loadUser(tx, userId));
  });
}
