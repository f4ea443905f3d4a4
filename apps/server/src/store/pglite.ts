import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { audited } from './audit.js';
import type { Db, Queryable } from './db.js';
import { lockFile } from './folder-lock.js';
import { ReadMemo } from './read-memo.js';

/**
 * PGlite has no server: two processes on one folder would each see only their own writes, so the folder is
 * locked for one process (the lock file sits beside it, outside PostgreSQL's data folder).
 */
async function lockFolder(dir: string): Promise<() => void> {
  return lockFile(
    `${dir}.lock`,
    `Another Atlas Studio process uses the PGlite folder ${dir}; stop it, or set DATABASE_URL to run several processes on one PostgreSQL.`,
  );
}

export interface PgliteOptions {
  /** A data folder dumped by PGlite's `dumpDataDir` to start from instead of an empty cluster (no initdb). */
  from?: Blob;
}

/** Embedded PostgreSQL persisted under dir, for one process at a time; null dir keeps it in memory (tests). */
export async function openPglite(dir: string | null, options: PgliteOptions = {}): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const unlock = dir ? await lockFolder(path.resolve(dir)) : () => undefined;
  const pg = await PGlite.create({ dataDir: dir ?? undefined, loadDataDir: options.from }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  return pgliteDb(pg, unlock);
}

/** Our store surface over an open PGlite; closing it closes the PGlite, then calls `onClose`. */
export function pgliteDb(pg: PGlite, onClose: () => void = () => undefined): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => {
    const query = async <T>(sql: string, params: readonly unknown[] = []) => (await q.query<T>(sql, params as unknown[])).rows;
    return { query, queryRemembered: query, exec: async (sql) => void (await q.exec(sql)) };
  };
  const memo = new ReadMemo();
  const store = wrap(pg);
  return audited({
    kind: 'pglite',
    ...memo.counting(store),
    queryRemembered: (sql, params) => memo.read(store, sql, params),
    transaction: (fn) => memo.change(() => pg.transaction((tx) => fn(memo.counting(wrap(tx))))),
    // One process: notifications stay inside it.
    listen: (channel, onMessage) => pg.listen(channel, onMessage),
    async close() {
      await pg.close();
      onClose();
    },
  });
}
