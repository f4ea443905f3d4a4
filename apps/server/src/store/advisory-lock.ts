import type { Db } from './db.js';

/** PostgreSQL advisory lock keys of start-up work; any constants do, as long as every process uses the same ones. */
export const LOCK_KEYS = { migrations: 727_001, demoSeed: 727_002, footTrafficSeed: 727_003 } as const;

/**
 * Runs fn while this process holds an advisory lock on the database, so processes starting together take turns;
 * fn uses other connections while one connection keeps the lock in an open transaction. PGlite needs none (its
 * folder is locked for one process) and could not take one: its single connection is busy with that transaction.
 */
export async function withAdvisoryLock<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return fn();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
    return fn();
  });
}
