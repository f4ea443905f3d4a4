// Query templates are SQL written by users. They run in a throw-away DuckDB instance that may read exactly the files
// of the dataset they were given and nothing else: no other dataset's files, no file writes, no extensions. Running
// them in the shared engine would let any template read every dataset under DATA_DIR by path.
import os from 'node:os';
import type { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import type { QueryColumn } from '@atlas/domain';
import { arrowStream, type ChunkSource } from '../../engine/arrow-stream.js';
import { ConnectionPool } from '../../engine/pool.js';
import { RunningQuery } from '../../engine/query.js';
import { sqlString } from '../../engine/sql.js';
import type { QueryOptions } from '../../engine/types.js';
import { registerUdfs } from '../../engine/udfs.js';
import { toJsonValue } from '../../engine/values.js';

export interface SandboxQuery {
  sql: string;
  params: readonly unknown[];
  /** Files the query may read (the dataset's); everything else on disk is refused. */
  allowedFiles: readonly string[];
}

const THREADS = String(Math.max(1, Math.min(4, os.availableParallelism())));
const MEMORY_LIMIT = `${Math.max(256, Math.floor(os.totalmem() / 8 / 1024 / 1024))}MB`;

/** The files named in an engine relation such as read_parquet('/data/…/v3.parquet'): its single-quoted literals. */
export function relationFiles(relation: string): string[] {
  return [...relation.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

interface Sandbox {
  pool: ConnectionPool;
  close(): void;
}

async function openSandbox(allowedFiles: readonly string[]): Promise<Sandbox> {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: THREADS,
    memory_limit: MEMORY_LIMIT,
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  try {
    const setup = await instance.connect();
    try {
      await setup.run(`SET allowed_paths = [${allowedFiles.map(sqlString).join(', ')}]`);
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
    } finally {
      setup.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  const pool = new ConnectionPool(instance, 1, registerUdfs);
  return {
    pool,
    close() {
      pool.close();
      instance.closeSync();
    },
  };
}

/** Runs a template query in a sandbox and streams the result as Arrow IPC; the sandbox closes with the stream. */
export async function sandboxArrow(query: SandboxQuery, options: QueryOptions): Promise<Readable> {
  const sandbox = await openSandbox(query.allowedFiles);
  let run: RunningQuery | undefined;
  try {
    run = await RunningQuery.start(sandbox.pool, query.sql, query.params, options);
    const first = await run.next();
    const running = run;
    const source: ChunkSource = {
      columnNames: running.columnNames,
      columnTypes: running.columnTypes,
      next: () => running.next(),
      close() {
        running.close();
        sandbox.close();
      },
    };
    const stream = arrowStream(source, first);
    running.onStop = (error) => stream.destroy(error);
    return stream;
  } catch (error) {
    run?.close();
    sandbox.close();
    throw error;
  }
}

export interface SandboxPage {
  columns: QueryColumn[];
  rows: Record<string, unknown>[];
  total: number;
}

/** One page of a template query's result as JSON rows, and the size of the whole result. */
export async function sandboxPage(query: SandboxQuery, page: { offset: number; limit: number }, options: QueryOptions): Promise<SandboxPage> {
  const sandbox = await openSandbox(query.allowedFiles);
  try {
    const n = query.params.length;
    const run = await RunningQuery.start(
      sandbox.pool,
      `SELECT * FROM (\n${query.sql}\n) AS atlas_page LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...query.params, page.limit, page.offset],
      options,
    );
    let columns: QueryColumn[];
    const rows: Record<string, unknown>[] = [];
    try {
      const names = run.columnNames;
      columns = names.map((name, index) => ({ name, type: run.columnTypes[index]!.toString() }));
      for (let chunk = await run.next(); chunk; chunk = await run.next()) {
        for (const values of chunk.getRows()) {
          const row: Record<string, unknown> = {};
          values.forEach((value, index) => (row[names[index]!] = toJsonValue(value)));
          rows.push(row);
        }
      }
    } finally {
      run.close();
    }
    const counting = await RunningQuery.start(sandbox.pool, `SELECT count(*) AS total FROM (\n${query.sql}\n) AS atlas_count`, query.params, options);
    let total = 0;
    try {
      const chunk = await counting.next();
      total = Number(chunk?.getRows()[0]?.[0] ?? 0);
    } finally {
      counting.close();
    }
    return { columns, rows, total };
  } finally {
    sandbox.close();
  }
}
