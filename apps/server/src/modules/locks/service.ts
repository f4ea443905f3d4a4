import { AppStatusCode, LOCK_TTL_SECONDS, type Lock, type LockResourceType, type ResourceLock } from '@atlas/domain';
import { assertAdminMode, resolveAccess, resourceLabel, type AccessOptions } from '../../http/access.js';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { findIdentity } from '../users/repo.js';
import * as repo from './repo.js';

const publicLock = ({ ownerId, ownerName, acquiredAt, expiresAt }: Lock): Lock => ({ ownerId, ownerName, acquiredAt, expiresAt });

export const lockedError = (type: LockResourceType, lock: Lock) =>
  new AppError(409, `${resourceLabel(type)} is locked by another user`, AppStatusCode.Locked, `Locked by user ${lock.ownerId} until ${lock.expiresAt}`);

/** The lock as records show it: null when there is none or it has lapsed. */
export async function readLock(db: Queryable, type: LockResourceType, id: string): Promise<Lock | null> {
  const lock = await repo.findLock(db, type, id);
  return lock?.active ? publicLock(lock) : null;
}

/** Unexpired locks of a page of records, by record id. */
export async function readLocks(db: Queryable, type: LockResourceType, ids: readonly string[]): Promise<Map<string, Lock>> {
  const locks = await repo.findActiveLocks(db, type, ids);
  return new Map([...locks].map(([id, lock]) => [id, publicLock(lock)]));
}

/** 409 LOCKED when another user holds an unexpired lock; lapsed locks are ignored. Callers check write access first. */
export async function assertWritable(tx: Queryable, identity: Identity, type: LockResourceType, id: string): Promise<void> {
  const lock = await repo.findLock(tx, type, id);
  if (lock?.active && lock.ownerId !== identity.userId) throw lockedError(type, lock);
}

/**
 * Gives the caller the lock when it is free, lapsed or already theirs (refreshing its expiry).
 * Otherwise leaves it and reports the holder's lock: the record then opens read-only.
 * Callers check write access first.
 */
export async function acquireLock(tx: Queryable, identity: Identity, type: LockResourceType, id: string): Promise<{ acquired: boolean; lock: Lock }> {
  // Twice at most: the holder's lock may vanish between the two statements (record deleted, lock handed back).
  for (let attempt = 0; attempt < 2; attempt++) {
    const taken = await repo.takeLockIfFree(tx, type, id, identity.userId, LOCK_TTL_SECONDS);
    if (taken) return { acquired: true, lock: publicLock(taken) };
    const held = await repo.findLock(tx, type, id);
    if (held) return { acquired: false, lock: publicLock(held) };
  }
  throw conflict('Could not take the lock', 'The lock changed hands while it was being taken; try again');
}

/**
 * PUT /v1/locks/{type}/{id}/owner. Allowed for the current holder; for anyone with write when the lock has
 * lapsed (or was never taken) or when they own the record; and in admin mode. The new holder must be able to edit.
 */
export async function changeLockOwner(db: Db, identity: Identity, type: LockResourceType, id: string, ownerId: string, options: AccessOptions = {}): Promise<ResourceLock> {
  const adminMode = assertAdminMode(identity, options.isAdmin);
  return db.transaction(async (tx) => {
    const access = await resolveAccess(tx, identity, type, id, options);
    const lock = await repo.findLock(tx, type, id);
    const holder = lock?.active === true && lock.ownerId === identity.userId;
    if (!adminMode && !holder) {
      if (!access.actions.has('write')) throw forbidden(`You do not have write permission on this ${resourceLabel(type).toLowerCase()}`, `${type} ${id}`);
      if (lock?.active && !access.isOwner) throw lockedError(type, lock);
    }
    const target = await findIdentity(tx, ownerId);
    if (!target) throw notFound('User not found', `No user with id ${ownerId}`);
    const targetCanWrite = await resolveAccess(tx, target, type, id).then(
      (targetAccess) => targetAccess.actions.has('write'),
      () => false,
    );
    if (!targetCanWrite) throw invalidInput('The new lock owner cannot edit this resource', `User ${ownerId} has no write permission on ${type} ${id}`);
    const updated = await repo.setLockOwner(tx, type, id, ownerId, LOCK_TTL_SECONDS);
    return { resourceType: type, resourceId: id, ...publicLock(updated) };
  });
}

/**
 * DELETE /v1/locks/{type}/{id} (not in the spec: the editor leaving frees the record at once instead of after the TTL).
 * The holder releases their own lock, an administrator in admin mode anyone's; others with write get 403 while someone
 * else holds it, and 204 when nothing is held; readers 403, those who cannot see the record 404.
 */
export async function releaseLock(db: Db, identity: Identity, type: LockResourceType, id: string, options: AccessOptions = {}): Promise<void> {
  const adminMode = assertAdminMode(identity, options.isAdmin);
  await db.transaction(async (tx) => {
    const access = await resolveAccess(tx, identity, type, id, options);
    const lock = await repo.findLock(tx, type, id);
    const holder = lock?.active === true && lock.ownerId === identity.userId;
    if (!adminMode && !holder) {
      if (!access.actions.has('write')) throw forbidden(`You do not have write permission on this ${resourceLabel(type).toLowerCase()}`, `${type} ${id}`);
      if (lock?.active) throw forbidden('Only the lock holder or an administrator can release this lock', `Locked by user ${lock.ownerId} until ${lock.expiresAt}`);
    }
    if (lock) await repo.deleteLock(tx, type, id);
  });
}
