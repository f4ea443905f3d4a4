import { S3BlobStore } from '../blobs/s3.js';
import type { Config } from '../config.js';
import type { Db } from '../store/index.js';
import { DuckDbEngine } from './duckdb.js';
import type { Engine } from './types.js';

export type { DatasetData, Engine, QueryOptions, UploadFormat } from './types.js';
export { DuckDbEngine } from './duckdb.js';

const positive = (value: string | undefined) => (value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);

/**
 * The server's one engine, on DATA_DIR (or S3 when configured), its current versions recorded in the metadata database. ENGINE_THREADS and
 * ENGINE_MEMORY_LIMIT (e.g. "6GB") override DuckDB's thread count and memory limit; ENGINE_MAX_CONNECTIONS the
 * number of queries that run at once.
 */
export function openEngine(config: Config, db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Engine> {
  return DuckDbEngine.open({
    dataDir: config.dataDir,
    db,
    cluster: config.cluster,
    // With S3 configured, dataset files live in the bucket (under datasets/) and DATA_DIR keeps a local cache.
    objects: config.s3 ? new S3BlobStore(config.s3) : null,
    threads: positive(env.ENGINE_THREADS),
    memoryLimit: env.ENGINE_MEMORY_LIMIT?.trim() || undefined,
    maxConnections: positive(env.ENGINE_MAX_CONNECTIONS),
  });
}
