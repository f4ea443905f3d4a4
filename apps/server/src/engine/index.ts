import type { Config } from '../config.js';
import { DuckDbEngine } from './duckdb.js';
import type { Engine } from './types.js';

export type { DatasetData, Engine, QueryOptions, UploadFormat } from './types.js';
export { DuckDbEngine } from './duckdb.js';

const positive = (value: string | undefined) => (value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);

/**
 * The server's one engine, on DATA_DIR. ENGINE_THREADS and ENGINE_MEMORY_LIMIT (e.g. "6GB") override DuckDB's
 * thread count and memory limit; ENGINE_MAX_CONNECTIONS the number of queries that run at once.
 */
export function openEngine(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<Engine> {
  return DuckDbEngine.open({
    dataDir: config.dataDir,
    threads: positive(env.ENGINE_THREADS),
    memoryLimit: env.ENGINE_MEMORY_LIMIT?.trim() || undefined,
    maxConnections: positive(env.ENGINE_MAX_CONNECTIONS),
  });
}
