import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { seedDemo } from '../seed/demo.js';
import { migrate, openPglite, openPostgres, type Db } from '../store/index.js';
import type { PgliteSnapshots } from './pglite-snapshots.js';

/** The demo users' password in every demo-seeded test store. */
export const DEMO_PASSWORD = 'demo';

export interface TestStore {
  name: string;
  /** An empty database. */
  open(): Promise<Db>;
  /** A migrated database. */
  openMigrated(): Promise<Db>;
  /** A migrated database seeded with the demo organization and users (password DEMO_PASSWORD). */
  openDemo(): Promise<Db>;
}

/** Opens a throw-away schema on the real server; closing the store drops it. */
async function openPostgresSchema(url: string): Promise<Db> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPostgres(url, { schema, max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

/** An in-memory PGlite started from a data folder the global setup dumped (pglite-snapshots.ts). */
export async function openPgliteSnapshot(state: keyof PgliteSnapshots): Promise<Db> {
  const tarball = await readFile(inject('pgliteSnapshots')[state]);
  return openPglite(null, { from: new Blob([tarball]) });
}

const pgliteStore: TestStore = {
  name: 'pglite',
  open: () => openPgliteSnapshot('blank'),
  openMigrated: () => openPgliteSnapshot('migrated'),
  openDemo: () => openPgliteSnapshot('demo'),
};

function postgresStore(url: string): TestStore {
  const openMigrated = async () => {
    const db = await openPostgresSchema(url);
    await migrate(db);
    return db;
  };
  return {
    name: 'postgres',
    open: () => openPostgresSchema(url),
    openMigrated,
    async openDemo() {
      const db = await openMigrated();
      await seedDemo(db, DEMO_PASSWORD);
      return db;
    },
  };
}

/** Every store the suite runs against: in-memory PGlite always, a real PostgreSQL when TEST_DATABASE_URL is set. */
export function testStores(): TestStore[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteStore, postgresStore(url)] : [pgliteStore];
}
