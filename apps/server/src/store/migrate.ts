import { readdir, readFile } from 'node:fs/promises';
import { LOCK_KEYS } from './advisory-lock.js';
import type { Db } from './db.js';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
const FILE_PATTERN = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => FILE_PATTERN.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(FILE_PATTERN.exec(file)![1]),
      name: file,
      sql: await readFile(new URL(file, dir), 'utf8'),
    })),
  );
}

/** Applies pending migrations in order inside one transaction, so a failed one leaves the schema as it was. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    // Serializes concurrent start-ups of several server instances against one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.migrations]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const migration of all.filter((m) => !done.has(m.version))) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
