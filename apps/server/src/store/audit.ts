// The request a database change belongs to, for the audit log (migration 016, docs/audit-log.md). The HTTP layer runs
// each request's handler inside `withAuditContext`; every write made there — through any Db, in or out of an explicit
// transaction — first names the request in the transaction-local setting atlas.audit, which the tables' triggers read
// to write their entries in the same transaction. Outside a request (migrations, seeding, background builds) there is
// no context and nothing is logged.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './db.js';

export interface AuditContext {
  /** One id per request (a UUID): the entries of one request for one row merge into one. */
  requestId: string;
  actorId: string | null;
  organizationId: string | null;
  via: 'session' | 'api-key' | 'anonymous';
  /** An administrator acting with isAdmin=true. */
  adminMode: boolean;
  method: string;
  route: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

export const withAuditContext = <T>(context: AuditContext, fn: () => T): T => storage.run(context, fn);

/** Work started by a request that goes on after it (a tile build): the system's, not the caller's, so not logged. */
export const withoutAuditContext = <T>(fn: () => T): T => storage.exit(fn);

// A statement that may change rows; anything else runs as it is. A read misread as a write only costs a transaction.
const WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

const stamp = (tx: Queryable, context: AuditContext) => tx.query("SELECT set_config('atlas.audit', $1, true)", [JSON.stringify(context)]);

/** The Db whose writes carry the current request's audit context. */
export function audited(db: Db): Db {
  return {
    ...db,
    query<T>(sql: string, params?: readonly unknown[]) {
      const context = storage.getStore();
      if (!context || !WRITE.test(sql)) return db.query<T>(sql, params);
      return db.transaction(async (tx) => {
        await stamp(tx, context);
        return tx.query<T>(sql, params);
      });
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const context = storage.getStore();
      return db.transaction(async (tx) => {
        if (context) await stamp(tx, context);
        return fn(tx);
      });
    },
  };
}
