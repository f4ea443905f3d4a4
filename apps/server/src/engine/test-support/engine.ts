// Test helper (test-support/ is not part of the build): an engine on a temporary DATA_DIR per suite.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { tableFromIPC, type Table } from 'apache-arrow';
import { afterAll, beforeAll } from 'vitest';
import { DuckDbEngine, type DuckDbEngineOptions } from '../duckdb.js';

export function useEngine(options: Partial<DuckDbEngineOptions> = {}): { engine: DuckDbEngine; dataDir: string } {
  const holder = {} as { engine: DuckDbEngine; dataDir: string };
  beforeAll(async () => {
    holder.dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-engine-'));
    holder.engine = await DuckDbEngine.open({ dataDir: holder.dataDir, threads: 2, memoryLimit: '1GB', retireDelayMs: 0, ...options });
  });
  afterAll(async () => {
    await holder.engine?.close();
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
