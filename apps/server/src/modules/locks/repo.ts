import type { Lock, LockResourceType } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';

interface LockRow {
  resource_id: string;
  owner_id: string;
  owner_name: string;
  acquired_at: Date;
  expires_at: Date;
  active: boolean;
}

export interface StoredLock extends Lock {
  /** False once expiresAt has passed: the lock has lapsed and anyone with write may take it. */
  active: boolean;
}

const toLock = (row: LockRow): StoredLock => ({
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  acquiredAt: iso(row.acquired_at),
  expiresAt: iso(row.expires_at),
  active: row.active,
});

/** Lock rows of `source` (aliased `l`) with their holder's display name: locks reference users, so there always is one. */
const selectFrom = (source: string) =>
  `SELECT l.resource_id, l.owner_id, u.name AS owner_name, l.acquired_at, l.expires_at, l.expires_at > now() AS active
   FROM ${source} l JOIN users u ON u.id = l.owner_id`;
const SELECT = selectFrom('locks');

/** The rows a data-changing statement (`changed`) wrote, as locks with names. */
const withNames = (changed: string) => `WITH written AS (${changed} RETURNING *) ${selectFrom('written')}`;

export async function findLock(db: Queryable, type: LockResourceType, id: string): Promise<StoredLock | null> {
  const rows = await db.query<LockRow>(`${SELECT} WHERE l.resource_type = $1 AND l.resource_id = $2`, [type, id]);
  return rows[0] ? toLock(rows[0]) : null;
}

/** Unexpired locks of several resources at once (listings). */
export async function findActiveLocks(db: Queryable, type: LockResourceType, ids: readonly string[]): Promise<Map<string, StoredLock>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<LockRow>(
    `${SELECT} WHERE l.resource_type = $1 AND l.resource_id = ANY($2::uuid[]) AND l.expires_at > now()`,
    [type, ids],
  );
  return new Map(rows.map((row) => [row.resource_id, toLock(row)]));
}

/**
 * Takes the lock for `userId` when it is free, lapsed or already theirs, in one statement so two editors
 * racing for it cannot both win. Refreshing keeps acquiredAt; taking it anew resets it. Null: someone else holds it.
 */
export async function takeLockIfFree(db: Queryable, type: LockResourceType, id: string, userId: string, ttlSeconds: number): Promise<StoredLock | null> {
  const rows = await db.query<LockRow>(
    withNames(`INSERT INTO locks AS held (resource_type, resource_id, owner_id, acquired_at, expires_at)
     VALUES ($1, $2, $3, now(), now() + $4 * interval '1 second')
     ON CONFLICT (resource_type, resource_id) DO UPDATE SET
       owner_id = EXCLUDED.owner_id,
       acquired_at = CASE WHEN held.owner_id = EXCLUDED.owner_id AND held.expires_at > now() THEN held.acquired_at ELSE now() END,
       expires_at = EXCLUDED.expires_at
     WHERE held.owner_id = EXCLUDED.owner_id OR held.expires_at <= now()`),
    [type, id, userId, ttlSeconds],
  );
  return rows[0] ? toLock(rows[0]) : null;
}

/** Hands the lock to `userId` whoever held it, with a fresh lifetime. */
export async function setLockOwner(db: Queryable, type: LockResourceType, id: string, userId: string, ttlSeconds: number): Promise<StoredLock> {
  const rows = await db.query<LockRow>(
    withNames(`INSERT INTO locks AS held (resource_type, resource_id, owner_id, acquired_at, expires_at)
     VALUES ($1, $2, $3, now(), now() + $4 * interval '1 second')
     ON CONFLICT (resource_type, resource_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, acquired_at = now(), expires_at = EXCLUDED.expires_at`),
    [type, id, userId, ttlSeconds],
  );
  return toLock(rows[0]!);
}


/** Removes the lock, whoever holds it (callers decide who may). */
export async function deleteLock(db: Queryable, type: LockResourceType, id: string): Promise<void> {
  await db.query('DELETE FROM locks WHERE resource_type = $1 AND resource_id = $2', [type, id]);
}
