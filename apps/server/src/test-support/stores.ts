import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../store/index.js';

export interface TestStore {
  name: string;
  open(): Promise<Db>;
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

/** Every store the suite runs against: in-memory PGlite always, a real PostgreSQL when TEST_DATABASE_URL is set. */
export function testStores(): TestStore[] {
  const stores: TestStore[] = [{ name: 'pglite', open: () => openPglite(null) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) stores.push({ name: 'postgres', open: () => openPostgresSchema(url) });
  return stores;
}
