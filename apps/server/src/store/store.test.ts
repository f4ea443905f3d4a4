import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo.js';
import { testStores } from '../test-support/stores.js';
import { loadMigrations, migrate, openPglite, openPostgres, type Db } from './index.js';

describe.each(testStores())('metadata store on $name', (store) => {
  it('applies every migration once, in order', async () => {
    const db = await store.open();
    try {
      const files = await loadMigrations();
      expect(files.map((m) => m.version)).toEqual([...files.map((m) => m.version)].sort((a, b) => a - b));
      expect(await migrate(db)).toEqual(files.map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
      const recorded = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded.map((r) => r.version)).toEqual(files.map((m) => m.version));
    } finally {
      await db.close();
    }
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const db = await store.open();
    try {
      await migrate(db);
      const broken = [
        { version: 900, name: '900_ok.sql', sql: 'CREATE TABLE probe (id int);' },
        { version: 901, name: '901_broken.sql', sql: 'CREATE TABLE probe_two (id int); SELECT * FROM no_such_table;' },
      ];
      await expect(migrate(db, broken)).rejects.toThrow();
      const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name IN ('probe', 'probe_two')");
      expect(tables).toHaveLength(0);
      expect(await db.query('SELECT 1 FROM schema_migrations WHERE version >= 900')).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('migration 011 removes access tokens that records, states and publications stored before', async () => {
    const db = await store.open();
    try {
      const all = await loadMigrations();
      await migrate(db, all.filter((m) => m.version < 11));
      // Rows as they were before migration 011, written directly: today's seed code expects today's schema.
      await db.query("INSERT INTO organizations (id, name) VALUES ('00000000-0000-4000-8000-0000000000a1', 'Old org')");
      await db.query(
        "INSERT INTO users (id, email, name, organization_id, seat, quota_policy_id) VALUES ('00000000-0000-4000-8000-0000000000a2', 'old@example.com', 'Old', '00000000-0000-4000-8000-0000000000a1', 'maker', 'maker')",
      );
      const [owner] = await db.query<{ id: string; organization_id: string }>("SELECT id, organization_id FROM users WHERE email = 'old@example.com'");
      const config = { mapStyle: { styles: { night: { url: 'https://style.test', accessToken: 'pk.secret' } } }, layers: [{ accessToken: 'pk.secret', id: 'a' }] };
      const cleaned = { mapStyle: { styles: { night: { url: 'https://style.test' } } }, layers: [{ id: 'a' }] };
      await db.query(
        "INSERT INTO records (id, kind, organization_id, owner_id, name, metadata) VALUES ('00000000-0000-4000-8000-000000000001', 'map', $1, $2, 'Old', $3::jsonb)",
        [owner!.organization_id, owner!.id, JSON.stringify({ keplerConfig: config, kept: 1 })],
      );
      await db.query("INSERT INTO record_states (id, kind, record_id, owner_id, data) VALUES ('00000000-0000-4000-8000-000000000002', 'studiostate', '00000000-0000-4000-8000-000000000001', $1, $2::jsonb)", [
        owner!.id,
        JSON.stringify(config),
      ]);
      await db.query("INSERT INTO published_items (id, resource_type, organization_id, owner_id, name, config) VALUES ('00000000-0000-4000-8000-000000000003', 'map', $1, $2, 'Old', $3::jsonb)", [
        owner!.organization_id,
        owner!.id,
        JSON.stringify(config),
      ]);
      expect(await migrate(db)).toContain(11);
      expect((await db.query<{ metadata: unknown }>('SELECT metadata FROM records'))[0]!.metadata).toEqual({ keplerConfig: cleaned, kept: 1 });
      expect((await db.query<{ data: unknown }>('SELECT data FROM record_states'))[0]!.data).toEqual(cleaned);
      expect((await db.query<{ config: unknown }>('SELECT config FROM published_items'))[0]!.config).toEqual(cleaned);
    } finally {
      await db.close();
    }
  });

  it('rolls back a transaction that throws', async () => {
    const db = await store.open();
    try {
      await migrate(db);
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO organizations (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'Half')");
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await db.query("SELECT 1 FROM organizations WHERE name = 'Half'")).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('seeds the demo organization idempotently', async () => {
    const db = await store.open();
    try {
      await migrate(db);
      await seedDemo(db, 'pw');
      await seedDemo(db, 'pw');
      const users = await db.query<{ email: string; seat: string; is_admin: boolean }>('SELECT email, seat, is_admin FROM users ORDER BY email');
      expect(users).toEqual([
        { email: 'admin@example.com', seat: 'maker', is_admin: true },
        { email: 'analyst@example.com', seat: 'maker', is_admin: false },
        { email: 'viewer@example.com', seat: 'viewer', is_admin: false },
      ]);
      expect(await db.query("SELECT 1 FROM organizations WHERE name = 'Demo'")).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('seeds the demo organization once when two seeds run at the same moment', async () => {
    const db = await store.open();
    try {
      await migrate(db);
      await Promise.all([seedDemo(db, 'pw'), seedDemo(db, 'pw')]);
      const users = await db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
      expect(users.map((user) => user.email)).toEqual(['admin@example.com', 'analyst@example.com', 'viewer@example.com']);
      expect(await db.query("SELECT 1 FROM organizations WHERE name = 'Demo'")).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});

const postgres = testStores().find((store) => store.name === 'postgres');

describe.runIf(postgres)('several processes starting together on one PostgreSQL', () => {
  it('migrate and seed once, without errors', async () => {
    const first = await postgres!.open();
    // A second pool on the same schema stands for a second server process.
    const [{ schema }] = (await first.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
    const second: Db = await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 4 });
    try {
      const applied = await Promise.all([migrate(first), migrate(second)]);
      expect(applied.flat().sort((a, b) => a - b)).toEqual((await loadMigrations()).map((m) => m.version));
      await Promise.all([seedDemo(first, 'pw'), seedDemo(second, 'pw')]);
      expect(await second.query('SELECT 1 FROM users')).toHaveLength(3);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('PGlite persistence', () => {
  it('keeps everything across a restart of the data folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-store-'));
    try {
      const first = await openPglite(path.join(dir, 'pg'));
      await migrate(first);
      await seedDemo(first, 'pw');
      await first.close();
      const second = await openPglite(path.join(dir, 'pg'));
      expect(await migrate(second)).toEqual([]);
      expect(await second.query('SELECT 1 FROM users')).toHaveLength(3);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a PGlite folder is used by one process', () => {
  const withFolder = async (run: (folder: string) => Promise<void>) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-store-'));
    try {
      await run(path.join(dir, 'pg'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('refuses a second opening of a folder in use, with a message naming it, until the first is closed', () =>
    withFolder(async (folder) => {
      const first = await openPglite(folder);
      await expect(openPglite(folder)).rejects.toThrow(
        `Another Atlas Studio process uses the PGlite folder ${folder}; stop it, or set DATABASE_URL to run several processes on one PostgreSQL.`,
      );
      expect(await first.query('SELECT 1')).toHaveLength(1);
      await first.close();
      const second = await openPglite(folder);
      await second.close();
      expect(await readdir(path.dirname(folder))).toEqual(['pg']);
    }));

  it('takes over the lock of a process that is gone', () =>
    withFolder(async (folder) => {
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
      writeFileSync(`${folder}.lock`, gone);
      const db = await openPglite(folder);
      await db.close();
    }));

  it('takes over a lock with its own pid that it does not hold (a restarted container is pid 1 again)', () =>
    withFolder(async (folder) => {
      writeFileSync(`${folder}.lock`, String(process.pid));
      const db = await openPglite(folder);
      await db.close();
    }));
});
