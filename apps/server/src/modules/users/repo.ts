import { randomUUID } from 'node:crypto';
import { QUOTA_KEYS, type QuotaLimits, type QuotaPolicy, type QuotaUsage, type Seat, type User } from '@atlas/domain';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { POLICY_OF_SEAT_SQL } from '../quota/policies.js';
import { usageJsonSql } from '../quota/repo.js';
import { containsPattern, Params } from '../../store/params.js';
import { iso, isoOrNull } from '../../store/rows.js';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  organization_id: string;
  organization_name: string;
  seat: Seat;
  is_admin: boolean;
  quota_usage: QuotaUsage;
  screening_status: 1 | 2 | null;
  last_screening_update: Date | null;
  email_verified_at: Date | null;
  /** Set when the account was merged into another (migration 015): it may not sign in. */
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
  policy_id: string;
  policy_name: string;
  policy_description: string;
  policy_limits: QuotaLimits;
}

type AccessFields = Pick<UserRow, 'id' | 'organization_id' | 'seat' | 'is_admin'>;

/** An Identity for a user who is not the caller (a policy's issuer, a new lock holder, the seed's owner), so the one access check can answer for them. */
export const identityOfUser = (row: AccessFields): Identity => ({
  userId: row.id,
  organizationId: row.organization_id,
  seat: row.seat,
  isAdmin: row.is_admin,
  via: 'session',
  tokenHash: '',
});

/** That Identity as the user is now (seat, organization, administrator); null when there is no such user. */
export async function findIdentity(db: Queryable, userId: string): Promise<Identity | null> {
  const rows = await db.query<AccessFields>('SELECT id, organization_id, seat, is_admin FROM users WHERE id = $1', [userId]);
  return rows[0] ? identityOfUser(rows[0]) : null;
}

const SELECT_USER = `
  SELECT u.*, o.name AS organization_name, ${usageJsonSql('u.id')} AS quota_usage,
         p.id AS policy_id, p.name AS policy_name, p.description AS policy_description, p.limits AS policy_limits
  FROM users u
  JOIN organizations o ON o.id = u.organization_id
  JOIN quota_policies p ON p.id = u.quota_policy_id`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  organizationId: string;
  seat: Seat;
  isAdmin: boolean;
  quotaPolicyId: string;
  /** Sign-up leaves the address unverified; accounts the operator makes (seed, administrators) are vouched for. */
  emailVerified?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, email, name, password_hash, organization_id, seat, is_admin, quota_policy_id, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END)`,
    [id, user.email, user.name, user.passwordHash, user.organizationId, user.seat, user.isAdmin, user.quotaPolicyId, user.emailVerified ?? true],
  );
  return id;
}

/** Marks the address verified; false when the user does not exist. */
export async function markEmailVerified(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export async function updatePasswordHash(db: Queryable, id: string, passwordHash: string) {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}

export async function updateUserName(db: Queryable, id: string, name: string) {
  await db.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [id, name]);
}

export function toQuotaPolicy(row: Pick<UserRow, 'policy_id' | 'policy_name' | 'policy_description' | 'policy_limits'>): QuotaPolicy {
  return { id: row.policy_id, name: row.policy_name, description: row.policy_description, limits: row.policy_limits };
}

export function toQuotaUsage(counted: QuotaUsage): QuotaUsage {
  return Object.fromEntries(QUOTA_KEYS.map((key) => [key, counted[key]])) as QuotaUsage;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    organization: { id: row.organization_id, name: row.organization_name },
    seat: row.seat,
    isAdmin: row.is_admin,
    quotaPolicy: toQuotaPolicy(row),
    quotaUsage: toQuotaUsage(row.quota_usage),
    screeningStatus: row.screening_status,
    lastScreeningUpdate: isoOrNull(row.last_screening_update),
    organizationSeatMap: { [row.organization_id]: row.seat },
    emailVerified: row.email_verified_at !== null,
    disabledAt: isoOrNull(row.disabled_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function moveUserToOrganization(db: Queryable, id: string, organizationId: string) {
  await db.query('UPDATE users SET organization_id = $2, updated_at = now() WHERE id = $1', [id, organizationId]);
}

/** Sets each user's screening status; answers the rows changed (unknown ids are absent). */
export async function setScreeningStatuses(db: Queryable, updates: ReadonlyArray<{ userId: string; status: 1 | 2 | null }>) {
  const rows = await db.query<{ id: string; screening_status: 1 | 2 | null; last_screening_update: Date }>(
    `UPDATE users u SET screening_status = v.status, last_screening_update = now(), updated_at = now()
     FROM unnest($1::uuid[], $2::smallint[]) AS v(id, status)
     WHERE u.id = v.id
     RETURNING u.id, u.screening_status, u.last_screening_update`,
    [updates.map((u) => u.userId), updates.map((u) => u.status)],
  );
  return rows.map((row) => ({ userId: row.id, screeningStatus: row.screening_status, lastScreeningUpdate: iso(row.last_screening_update) }));
}

export interface UserSearch {
  email?: string;
  id?: string;
  name?: string;
  organizationId?: string;
  offset: number;
  limit: number;
}

/** Users matching every property given: the e-mail exactly (any case), the name in part. */
export async function searchUsers(db: Queryable, search: UserSearch): Promise<UserRow[]> {
  const params = new Params();
  const where = ['TRUE'];
  if (search.email !== undefined) where.push(`lower(u.email) = lower(${params.add(search.email)})`);
  if (search.id !== undefined) where.push(`u.id = ${params.add(search.id)}`);
  if (search.name !== undefined) where.push(`u.name ILIKE ${params.add(containsPattern(search.name))} ESCAPE '\\'`);
  if (search.organizationId !== undefined) where.push(`u.organization_id = ${params.add(search.organizationId)}`);
  return db.query<UserRow>(
    `${SELECT_USER} WHERE ${where.join(' AND ')} ORDER BY lower(u.email), u.id OFFSET ${params.add(search.offset)} LIMIT ${params.add(search.limit)}`,
    params.values,
  );
}

export const listAdministrators = (db: Queryable) => db.query<UserRow>(`${SELECT_USER} WHERE u.is_admin ORDER BY lower(u.email), u.id`);

/**
 * Locks every administrator row and answers their ids: two removals at once then take turns, so they cannot both see
 * another administrator left and remove the last two.
 */
export async function lockAdministrators(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE is_admin ORDER BY id FOR UPDATE');
  return rows.map((row) => row.id);
}

export async function setAdministrator(db: Queryable, id: string, isAdmin: boolean): Promise<void> {
  await db.query('UPDATE users SET is_admin = $2, updated_at = now() WHERE id = $1 AND is_admin <> $2', [id, isAdmin]);
}

/** The seat, and the quota policy that goes with it in the user's organization. */
export async function setSeat(db: Queryable, id: string, seat: Seat): Promise<void> {
  await db.query(
    `UPDATE users SET seat = $2, quota_policy_id = ${POLICY_OF_SEAT_SQL('$2', 'users.organization_id')}, updated_at = now() WHERE id = $1`,
    [id, seat],
  );
}

/** Joins the organization with the seat and its policy there. */
export async function joinOrganization(db: Queryable, id: string, organizationId: string, seat: Seat): Promise<void> {
  await db.query(
    `UPDATE users SET organization_id = $2, seat = $3, quota_policy_id = ${POLICY_OF_SEAT_SQL('$3', '$2')}, updated_at = now() WHERE id = $1`,
    [id, organizationId, seat],
  );
}

export async function setQuotaPolicy(db: Queryable, id: string, policyId: string): Promise<void> {
  await db.query('UPDATE users SET quota_policy_id = $2, updated_at = now() WHERE id = $1', [id, policyId]);
}

/** Gives every maker of the organization its (new) maker policy. */
export async function applyMakerPolicy(db: Queryable, organizationId: string): Promise<void> {
  await db.query(
    `UPDATE users SET quota_policy_id = ${POLICY_OF_SEAT_SQL("'maker'", '$1')}, updated_at = now() WHERE organization_id = $1 AND seat = 'maker'`,
    [organizationId],
  );
}
