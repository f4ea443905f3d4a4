// MotherDuck: DuckDB (@duckdb/node-api) opening `md:<database>` with the connection's token, in MotherDuck's SaaS mode
// (no local files and no extension installs on this server). Each call opens its own instance and closes it after.
// Queries run through the engine's RunningQuery (streamed chunk by chunk, interrupted on timeout or cancel) in a
// read-only transaction, and only a statement DuckDB prepares as a SELECT runs: nothing is written.
// Where the database comes from is the connector's opener: index.ts registers MotherDuck's; tests pass one opening a
// local file they chose, so no option a user sends can ever name a file of this server.
import { DuckDBInstance, StatementType, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { ConnectionPool } from '../engine/pool.js';
import { RunningQuery } from '../engine/query.js';
import { AppError, invalidInput } from '../http/errors.js';
import { duckdbColumns } from './duckdb-values.js';
import { driverError, notAQuery, withoutSecret } from './errors.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

/** Opens the database a connection names with its token; throws the service's own refusal. */
export type MotherDuckOpener = (database: string, token: string) => Promise<DuckDBInstance>;

/** MotherDuck itself. The name is URL-encoded so it cannot add parameters (saas_mode stays on). */
export const openMotherDuck: MotherDuckOpener = (database, token) =>
  DuckDBInstance.create(`md:${encodeURIComponent(database)}?${new URLSearchParams({ motherduck_token: token, saas_mode: 'true' })}`);

function selectOnly(statement: DuckDBPreparedStatement): void {
  if (statement.statementType !== StatementType.SELECT) throw notAQuery();
}

/** A 422 from DuckDB (bad SQL, refused access) without the token; 408, 409 and 400 as they are. */
function redacted(error: unknown, target: ConnectionTarget): unknown {
  if (error instanceof AppError) return error.statusCode === 422 ? new AppError(422, error.message, error.appStatusCode, withoutSecret(error.details ?? '', target)) : error;
  return driverError(error, target, 'Query failed');
}

interface Database {
  pool: ConnectionPool;
  close(): void;
}

async function openDatabase(open: MotherDuckOpener, target: ConnectionTarget): Promise<Database> {
  // Never without a token of the connection's own: DuckDB would fall back to the server's motherduck_token variable.
  const token = target.password();
  if (!token) throw invalidInput('Could not connect to the database', 'A MotherDuck connection needs its MotherDuck token');
  let instance: DuckDBInstance;
  try {
    instance = await open(String(target.options.database), token);
  } catch (error) {
    throw driverError(error, target, 'Could not connect to the database');
  }
  // One connection, so every statement of the call runs in the read-only transaction begun here.
  const pool = new ConnectionPool(instance, 1, () => undefined);
  try {
    const connection = await pool.acquire();
    await connection.run('BEGIN TRANSACTION READ ONLY').finally(() => pool.release(connection));
  } catch (error) {
    pool.close();
    instance.closeSync();
    throw driverError(error, target, 'Could not connect to the database');
  }
  return {
    pool,
    close() {
      pool.close();
      instance.closeSync();
    },
  };
}

/** Runs one statement to the end and returns its rows (schema listings, the version). */
async function readAll(database: Database, sql: string, params: readonly unknown[], options: RunOptions): Promise<unknown[][]> {
  const run = await RunningQuery.start(database.pool, sql, params, options, selectOnly);
  try {
    const rows: unknown[][] = [];
    for (let chunk = await run.next(); chunk; chunk = await run.next()) rows.push(...chunk.getRows());
    return rows;
  } finally {
    run.close();
  }
}

async function withDatabase<T>(open: MotherDuckOpener, target: ConnectionTarget, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(open, target);
  try {
    return await work(database);
  } catch (error) {
    throw redacted(error, target);
  } finally {
    database.close();
  }
}

async function* runQuery(open: MotherDuckOpener, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const database = await openDatabase(open, target);
  let run: RunningQuery | undefined;
  try {
    run = await RunningQuery.start(database.pool, sql, params, options, selectOnly);
    const { columns, convert } = duckdbColumns(run.columnNames, run.columnTypes);
    let yielded = false;
    for (let chunk = await run.next(); chunk; chunk = await run.next()) {
      yield { columns, rows: convert(chunk.getRows()) };
      yielded = true;
    }
    if (!yielded) yield { columns, rows: [] };
  } catch (error) {
    throw redacted(error, target);
  } finally {
    run?.close();
    database.close();
  }
}

const SCHEMAS_SQL = `SELECT schema_name FROM information_schema.schemata
  WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY schema_name`;
const TABLES_SQL = 'SELECT table_name FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = $1 ORDER BY table_name';
const COLUMNS_SQL = `SELECT column_name, data_type FROM information_schema.columns
  WHERE table_catalog = current_database() AND table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`;

export function motherduckConnector(open: MotherDuckOpener = openMotherDuck): WarehouseConnector {
  return {
    type: 'motherduck',
    kind: 'warehouse',
    dialect: 'duckdb',
    optionsSchema: CONNECTION_OPTIONS.motherduck,

    testConnection(target) {
      return withDatabase(open, target, async (database) => {
        const [[version]] = (await readAll(database, 'SELECT version()', [], { timeoutMs: 10_000 })) as [[string]];
        return { serverVersion: `DuckDB ${version}` };
      });
    },

    runQuery: (target, sql, params, options) => runQuery(open, target, sql, params, options),

    describeQuery(target, sql, params, options) {
      return withDatabase(open, target, async (database): Promise<ConnectorColumn[]> => {
        // LIMIT 0 on the query as a subquery: DuckDB plans it without reading rows.
        const run = await RunningQuery.start(database.pool, `SELECT * FROM (\n${sql.replace(/[\s;]+$/, '')}\n) AS atlas_described LIMIT 0`, params, options, selectOnly);
        try {
          return duckdbColumns(run.columnNames, run.columnTypes).columns;
        } finally {
          run.close();
        }
      });
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table'));
      return withDatabase(open, target, async (database): Promise<SchemaEntry[]> => {
        if (path.length === 0) return (await readAll(database, SCHEMAS_SQL, [], options)).map(([name]) => ({ name: String(name), kind: 'schema' }));
        if (path.length === 1) return (await readAll(database, TABLES_SQL, path, options)).map(([name]) => ({ name: String(name), kind: 'table' }));
        return (await readAll(database, COLUMNS_SQL, path, options)).map(([name, type]) => ({ name: String(name), kind: 'column', type: String(type) }));
      });
    },
  };
}
