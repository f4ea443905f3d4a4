import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from './db.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { Db, Queryable } from './db.js';
export { notify, queryOne } from './db.js';
export { withAuditContext, withoutAuditContext, type AuditContext } from './audit.js';
export { migrate, loadMigrations } from './migrate.js';
export { openPglite, pgliteDb, type PgliteOptions } from './pglite.js';
export { openPostgres } from './postgres.js';

export function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pg'));
}
