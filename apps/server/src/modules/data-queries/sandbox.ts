// Query templates are SQL written by users. They run in a throw-away, in-memory DuckDB instance that reads the
// dataset they were given by name (a view named "dataset") and nothing else: the SQL is checked on DuckDB's parse
// tree (sandbox-sql.ts) and must prepare as a SELECT, so it cannot write, read another file, or ask where the data
// lives. The file itself stays the only allowed path, because DuckDB checks file access each time the view binds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DuckDBInstance, StatementType, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { Messages, type QueryColumn } from '@atlas/domain';
import { arrowStream, type ChunkSource } from '../../engine/arrow-stream.js';
import { ConnectionPool } from '../../engine/pool.js';
import { queryFailed, RunningQuery } from '../../engine/query.js';
import { sqlIdentifier, sqlString } from '../../engine/sql.js';
import type { QueryOptions } from '../../engine/types.js';
import { registerUdfs } from '../../engine/udfs.js';
import { appendJsonRows } from '../../engine/values.js';
import { badRequest } from '../../http/errors.js';
import { checkSelect, selectStatement } from './sandbox-sql.js';

/** The name {{dataset}} stands for inside the sandbox. */
export const SANDBOX_DATASET = 'dataset';

export interface SandboxDataset {
  /** The dataset's Parquet files (DatasetData.parquetFiles): the only files the sandbox may read, never shown to the query. */
  files: readonly string[];
  /** Its declared columns: the view exposes these only (not read_parquet's filename and other virtual columns). */
  columns: readonly string[];
}

export interface SandboxQuery {
  sql: string;
  params: readonly unknown[];
  dataset?: SandboxDataset;
}

const THREADS = String(Math.max(1, Math.min(4, os.availableParallelism())));
const MEMORY_LIMIT = `${Math.max(256, Math.floor(os.totalmem() / 8 / 1024 / 1024))}MB`;

interface Sandbox {
  pool: ConnectionPool;
  /** Names the query may read. */
  tables: string[];
  close(): void;
}

async function openSandbox(dataset: SandboxDataset | undefined): Promise<Sandbox> {
  // Spill files go to a private folder removed at close (DuckDB's default would be ./.tmp, shared and kept).
  const spill = await mkdtemp(path.join(os.tmpdir(), 'atlas-sandbox-'));
  const removeSpill = () => void rm(spill, { recursive: true, force: true }).catch(() => undefined);
  let instance: DuckDBInstance | undefined;
  try {
    instance = await DuckDBInstance.create(':memory:', {
      threads: THREADS,
      memory_limit: MEMORY_LIMIT,
      temp_directory: spill,
      extension_directory: spill,
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const setup = await instance.connect();
    try {
      await setup.run(`SET allowed_paths = [${dataset ? dataset.files.map(sqlString).join(', ') : ''}]`);
      if (dataset) {
        const columns = dataset.columns.map(sqlIdentifier).join(', ');
        await setup.run(`CREATE VIEW ${sqlIdentifier(SANDBOX_DATASET)} AS SELECT ${columns} FROM read_parquet([${dataset.files.map(sqlString).join(', ')}])`);
      }
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
    } finally {
      setup.closeSync();
    }
  } catch (error) {
    instance?.closeSync();
    removeSpill();
    throw queryFailed(error); // the dataset's file went away (a newer version replaced it), or DuckDB refused to start
  }
  const pool = new ConnectionPool(instance, 1, registerUdfs);
  const opened = instance;
  return {
    pool,
    tables: dataset ? [SANDBOX_DATASET] : [],
    close() {
      pool.close();
      opened.closeSync();
      removeSpill();
    },
  };
}

function selectOnly(statement: DuckDBPreparedStatement): void {
  if (statement.statementType !== StatementType.SELECT) throw badRequest(Messages.couldNotParseQueryTemplate, 'Only a SELECT query can run in a template');
}

/** Starts one statement in the sandbox once DuckDB's parser and binder say it is a SELECT of allowed names. */
async function start(sandbox: Sandbox, sql: string, params: readonly unknown[], options: QueryOptions): Promise<RunningQuery> {
  const connection = await sandbox.pool.acquire();
  try {
    const serialized = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    checkSelect(selectStatement(String(serialized.getRows()[0]![0])), sandbox.tables);
  } finally {
    sandbox.pool.release(connection);
  }
  return RunningQuery.start(sandbox.pool, sql, params, options, selectOnly);
}

/** Runs a template query in a sandbox and streams the result as Arrow IPC; the sandbox closes with the stream. */
export async function sandboxArrow(query: SandboxQuery, options: QueryOptions): Promise<Readable> {
  const sandbox = await openSandbox(query.dataset);
  let run: RunningQuery | undefined;
  try {
    run = await start(sandbox, query.sql, query.params, options);
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
  const sandbox = await openSandbox(query.dataset);
  try {
    const n = query.params.length;
    const run = await start(
      sandbox,
      `SELECT * FROM (\n${query.sql}\n) AS atlas_page LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...query.params, page.limit, page.offset],
      options,
    );
    let columns: QueryColumn[];
    const rows: Record<string, unknown>[] = [];
    try {
      const names = run.columnNames;
      columns = names.map((name, index) => ({ name, type: run.columnTypes[index]!.toString() }));
      for (let chunk = await run.next(); chunk; chunk = await run.next()) appendJsonRows(chunk, names, rows);
    } finally {
      run.close();
    }
    const counting = await start(sandbox, `SELECT count(*) AS total FROM (\n${query.sql}\n) AS atlas_count`, query.params, options);
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
