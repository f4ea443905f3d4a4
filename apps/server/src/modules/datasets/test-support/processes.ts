// Test helper: several server "processes" in one test: apps with their own engine, instance and connection pool, on
// one PostgreSQL schema and one DATA_DIR, as behind a load balancer. PostgreSQL only: on PGlite one process owns the
// database, so every other instance counts as dead.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../app.js';
import { openBlobStore } from '../../../blobs/index.js';
import { startInstance, type Instance } from '../../../cluster/instance.js';
import { loadConfig, type Config } from '../../../config.js';
import { DuckDbEngine } from '../../../engine/duckdb.js';
import type { App } from '../../../http/types.js';
import { openPostgres, type Db } from '../../../store/index.js';
import { DEMO_PASSWORD, type TestStore } from '../../../test-support/stores.js';

export interface TestProcess {
  app: App;
  db: Db;
  engine: DuckDbEngine;
  config: Config;
  auth(email: string): Promise<{ authorization: string }>;
}

export interface TestProcesses {
  processes: TestProcess[];
  dataDir: string;
}

/** `count` processes on the PostgreSQL `store` (a throw-away schema) and one temporary DATA_DIR, once per suite. */
export function useProcesses(store: TestStore, count: number, overrides: Partial<Config> = {}): TestProcesses {
  const holder: TestProcesses = { processes: [], dataDir: '' };
  const instances: Instance[] = [];
  const pools: Db[] = [];
  let first: Db | undefined;
  beforeAll(async () => {
    first = await store.openDemo();
    const [{ schema }] = (await first.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
    holder.dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-processes-'));
    for (let n = 0; n < count; n++) {
      const db = n === 0 ? first : await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 4 });
      if (n > 0) pools.push(db);
      const config = { ...loadConfig({ DATA_DIR: holder.dataDir }), webDistDir: null, ...overrides };
      instances.push(await startInstance(db, config.cluster));
      const engine = await DuckDbEngine.open({ dataDir: holder.dataDir, db, cluster: config.cluster, threads: 2, memoryLimit: '1GB', retireDelayMs: 0 });
      const app = await buildApp({ db, config, blobs: openBlobStore(config), engine });
      const auth = async (email: string) => {
        const response = await app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password: DEMO_PASSWORD } });
        return { authorization: `Bearer ${response.json().token}` };
      };
      holder.processes.push({ app, db, engine, config, auth });
    }
  });
  afterAll(async () => {
    for (const { app, engine } of holder.processes) {
      await app.close();
      await engine.close();
    }
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all(pools.map((pool) => pool.close()));
    await first?.close();
    if (holder.dataDir) await rm(holder.dataDir, { recursive: true, force: true });
  });
  return holder;
}
