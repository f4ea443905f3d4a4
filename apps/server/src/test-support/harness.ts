import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openBlobStore, type BlobStore } from '../blobs/index.js';
import { buildApp } from '../app.js';
import { DuckDbEngine } from '../engine/duckdb.js';
import type { Engine } from '../engine/types.js';
import { loadConfig, type Config } from '../config.js';
import type { App } from '../http/types.js';
import type { Db } from '../store/index.js';
import { DEMO_PASSWORD, type TestStore } from './stores.js';

export { DEMO_PASSWORD };

export interface Harness {
  app: App;
  db: Db;
  blobs: BlobStore;
  /** One engine per harness, on the harness's temporary DATA_DIR (old versions' files are removed at once). */
  engine: Engine;
  dataDir: string;
  /** Signs in and returns the bearer header for that user. */
  auth(email: string, password?: string): Promise<{ authorization: string }>;
  count(table: string): Promise<number>;
}

/** Builds the app on a migrated, demo-seeded store once per suite, the way main.ts does. */
export function useHarness(store: TestStore, configOverrides: Partial<Config> = {}): Harness {
  const harness = {} as Harness;
  let cleanup = async () => undefined as void;
  beforeAll(async () => {
    const db = await store.openDemo();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-test-'));
    cleanup = () => rm(dataDir, { recursive: true, force: true });
    const config = { ...loadConfig({ DATA_DIR: dataDir }), webDistDir: null, ...configOverrides };
    harness.db = db;
    harness.blobs = openBlobStore(config);
    harness.dataDir = dataDir;
    harness.engine = await DuckDbEngine.open({ dataDir, db, cluster: config.cluster, threads: 2, memoryLimit: '1GB', retireDelayMs: 0 });
    harness.app = await buildApp({ db, config, blobs: harness.blobs, engine: harness.engine });
    harness.auth = async (email, password = DEMO_PASSWORD) => {
      const response = await harness.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${response.body}`);
      return { authorization: `Bearer ${response.json().token}` };
    };
    harness.count = async (table) => {
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      return rows[0]!.n;
    };
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.engine?.close();
    await harness.db?.close();
    await cleanup();
  });
  return harness;
}
