// Test helper (test-support/ is not part of the build): an engine on a temporary DATA_DIR per suite.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { tableFromIPC, type Table } from 'apache-arrow';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../store/index.js';
import { openPgliteSnapshot } from '../../test-support/stores.js';
import { DuckDbEngine, type DuckDbEngineOptions } from '../duckdb.js';

/** A process of its own: a fresh instance id, others taken for dead after 30 s. */
export const testCluster = () => ({ instanceId: randomUUID(), instanceTimeoutMs: 30_000 });

/**
 * An engine for tests, on `dataDir`; without a `db`, on an in-memory metadata database of its own that closes with
 * the engine. It sweeps only when a test calls sweep(): its instance never beats, so its sweeps would take other
 * engines of the test for dead.
 */
export async function openTestEngine(options: Partial<DuckDbEngineOptions> & { dataDir: string }): Promise<DuckDbEngine> {
  let own: Db | null = null;
  if (!options.db) {
    own = await openPgliteSnapshot('migrated');
  }
  const engine = await DuckDbEngine.open({ threads: 2, memoryLimit: '1GB', retireDelayMs: 0, sweepIntervalMs: 3_600_000, cluster: testCluster(), ...options, db: options.db ?? own! });
  if (own) {
    const close = engine.close.bind(engine);
    engine.close = async () => {
      await close();
      await own.close();
    };
  }
  return engine;
}

/** An engine per suite on a temporary DATA_DIR, with its in-memory metadata database (`db`). */
export function useEngine(options: Partial<DuckDbEngineOptions> = {}): { engine: DuckDbEngine; dataDir: string; db: Db } {
  const holder = {} as { engine: DuckDbEngine; dataDir: string; db: Db };
  beforeAll(async () => {
    holder.dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-engine-'));
    holder.db = await openPgliteSnapshot('migrated');
    holder.engine = await openTestEngine({ ...options, dataDir: holder.dataDir, db: holder.db });
  });
  afterAll(async () => {
    await holder.engine?.close();
    await holder.db?.close();
    await rm(holder.dataDir, { recursive: true, force: true });
  });
  return holder;
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

export const readArrow = async (stream: Readable): Promise<Table> => tableFromIPC(await readAll(stream));

/** A dataset folder's (or bucket's) files as what they are for `version`: its Parquet file, an Arrow copy, or by name. */
export const filesOfVersion = (names: readonly string[], version: string) =>
  names.map((name) => (name === `${version}.parquet` ? 'parquet' : name.endsWith('.arrow') ? 'arrow' : name)).sort();
