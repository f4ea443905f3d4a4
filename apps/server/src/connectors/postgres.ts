// Connectors over the PostgreSQL wire protocol (PostgreSQL, Redshift): pg with a server-side cursor (DECLARE/FETCH in a
// read-only transaction), so results stream in batches without pg-cursor; statement_timeout bounds every statement; a
// cancel asks the server to stop the backend. What differs per warehouse (default port, cursor syntax, catalogs) is a PgDialect.
import { AppStatusCode, PostgresConnectionOptions, type SchemaEntry } from '@atlas/domain';
import type { TSchema } from 'typebox';
import type { ColumnType, Dialect } from '@atlas/pipeline';
import pg from 'pg';
import { AppError } from '../http/errors.js';
import { driverError, queryCancelled, queryTimedOut } from './errors.js';
import { connectableAddress, unreachable } from './network.js';
import { PG_TABLE_TYPES, writePgTable } from './pg-write.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, TableValueKind, WarehouseConnector } from './types.js';

const DEFAULT_BATCH_ROWS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;

// Every value arrives as text and is converted here, so results never depend on pg's global type parsers.
type Parse = (text: string) => unknown;
const asDate = (text: string) => {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
};
interface TypeInfo {
  name: string;
  type: ColumnType;
  parse: Parse;
}
const TEXT: TypeInfo = { name: 'text', type: 'string', parse: (text) => text };
const TYPES: Record<number, TypeInfo> = {
  16: { name: 'bool', type: 'boolean', parse: (text) => text === 't' },
  20: { name: 'int8', type: 'integer', parse: (text) => BigInt(text) },
  21: { name: 'int2', type: 'integer', parse: Number },
  23: { name: 'int4', type: 'integer', parse: Number },
  700: { name: 'float4', type: 'number', parse: Number },
  701: { name: 'float8', type: 'number', parse: Number },
  1700: { name: 'numeric', type: 'number', parse: Number },
  1082: { name: 'date', type: 'date', parse: (text) => asDate(`${text}T00:00:00Z`) },
  1114: { name: 'timestamp', type: 'timestamp', parse: (text) => asDate(`${text.replace(' ', 'T')}Z`) },
  // The session runs in UTC, so the text ends in +00.
  1184: { name: 'timestamptz', type: 'timestamp', parse: (text) => asDate(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) },
  25: TEXT,
  1043: { ...TEXT, name: 'varchar' },
  1042: { ...TEXT, name: 'bpchar' },
  19: { ...TEXT, name: 'name' },
  2950: { ...TEXT, name: 'uuid' },
  114: { name: 'json', type: 'unknown', parse: (text) => text },
  3802: { name: 'jsonb', type: 'unknown', parse: (text) => text },
};
const typeOf = (oid: number): TypeInfo => TYPES[oid] ?? { name: `oid:${oid}`, type: 'unknown', parse: (text) => text };
const rawText = { getTypeParser: () => (text: string) => text };

function columnsOf(fields: readonly pg.FieldDef[]): ConnectorColumn[] {
  return fields.map((field) => {
    const info = typeOf(field.dataTypeID);
    return { name: field.name, type: info.type, dbType: info.name };
  });
}

function convert(rows: unknown[][], fields: readonly pg.FieldDef[]): unknown[][] {
  const parsers = fields.map((field) => typeOf(field.dataTypeID).parse);
  for (const row of rows) {
    for (let index = 0; index < row.length; index++) {
      const value = row[index];
      if (value !== null) row[index] = parsers[index]!(value as string);
    }
  }
  return rows;
}

/** What a warehouse speaking the PostgreSQL protocol does its own way. */
export interface PgDialect {
  type: string;
  /** The SQL family pipelines compile to on this warehouse. */
  sqlDialect: Dialect;
  optionsSchema: TSchema;
  defaultPort: number;
  /** The statement text before the query that opens the result cursor. */
  declareCursor: string;
  /** One row with a `version` column. */
  versionSql: string;
  /** Rows with a `name` column: the schemas; a schema's tables and views ($1); a table's columns ($1, $2) with `type`. */
  schemasSql: string;
  tablesSql: string;
  columnsSql: string;
  /** The column type a new table gets for each kind of value (writeTable). */
  tableTypes: Readonly<Record<TableValueKind, string>>;
}

/** `address`: the checked address of options.host (see network.ts); TLS still verifies the certificate for the host name. */
function clientConfig(dialect: PgDialect, target: ConnectionTarget, address: string, statementTimeoutMs: number): pg.ClientConfig {
  // Resolved before connecting, so a missing password is reported even when the server would not ask for it.
  const password = target.password() ?? '';
  const options = target.options as PostgresConnectionOptions;
  return {
    host: address,
    port: options.port ?? dialect.defaultPort,
    database: options.database,
    user: options.user,
    // A function, so pg never falls back to the server's own PGPASSWORD or ~/.pgpass for a user's connection.
    password: () => password,
    ssl: options.ssl ? { rejectUnauthorized: true, servername: options.host } : false,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    application_name: 'atlas-studio',
    options: '-c TimeZone=UTC',
    types: rawText as never,
  };
}

async function connect(dialect: PgDialect, target: ConnectionTarget, statementTimeoutMs: number): Promise<pg.Client> {
  const address = await connectableAddress((target.options as PostgresConnectionOptions).host, target.allowedHosts);
  const client = new pg.Client(clientConfig(dialect, target, address, statementTimeoutMs));
  // A dropped connection must not crash the process; the pending query fails instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    if (error instanceof AppError) throw error;
    // Only a PostgreSQL server's own answer (login refused, no such database) is shown; a closed port, a timeout or
    // another protocol on the port answer like a refused address.
    if (error instanceof pg.DatabaseError) throw driverError(error, target, 'Could not connect to the database');
    throw unreachable();
  }
  return client;
}

/** Asks the server to cancel what `client`'s backend runs (from a second session of the same user). */
async function cancelBackend(dialect: PgDialect, target: ConnectionTarget, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number | null }).processID;
  if (pid === null) return;
  // The address the client was opened on, already checked.
  const canceller = new pg.Client(clientConfig(dialect, target, client.host, 10_000));
  canceller.on('error', () => undefined);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
  } catch {
    // The statement_timeout still stops it.
  } finally {
    await canceller.end().catch(() => undefined);
  }
}

/** A fresh session that a signal cancels on the server; `fail` maps an error to the answer (409, 408 or the warehouse's 422). */
async function openSession(dialect: PgDialect, target: ConnectionTarget, options: RunOptions) {
  if (options.signal?.aborted) throw queryCancelled();
  const client = await connect(dialect, target, options.timeoutMs);
  const onAbort = () => void cancelBackend(dialect, target, client);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    client,
    fail(error: unknown): never {
      if (options.signal?.aborted) throw queryCancelled();
      if ((error as { code?: string }).code === '57014') throw queryTimedOut(options.timeoutMs);
      if (error instanceof AppError) throw error;
      throw driverError(error, target, 'Query failed');
    },
    async close() {
      options.signal?.removeEventListener('abort', onAbort);
      await client.end().catch(() => undefined);
    },
  };
}

/** Runs `work` on a fresh session in a read-only transaction; maps timeouts, cancels and driver errors. */
async function withSession<T>(dialect: PgDialect, target: ConnectionTarget, options: RunOptions, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const session = await openSession(dialect, target, options);
  try {
    await session.client.query('BEGIN READ ONLY');
    const result = await work(session.client);
    await session.client.query('COMMIT');
    return result;
  } catch (error) {
    return session.fail(error);
  } finally {
    await session.close();
  }
}

const stripSemicolons = (sql: string) => sql.replace(/[\s;]+$/, '');

/** The extended protocol takes exactly one statement, so a query can never smuggle a second one in. */
const statement = (text: string, values: readonly unknown[]) => ({ text, values: [...values], queryMode: 'extended' as const });

async function* runQuery(dialect: PgDialect, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const session = await openSession(dialect, target, options);
  const { client } = session;
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  try {
    try {
      await client.query('BEGIN READ ONLY');
      // A cursor is declared only for a query (SELECT, VALUES, WITH …): any other statement is a syntax error.
      await client.query(statement(`${dialect.declareCursor}\n${stripSemicolons(sql)}\n`, params));
    } catch (error) {
      session.fail(error);
    }
    let columns: ConnectorColumn[] | null = null;
    for (;;) {
      let result: pg.QueryArrayResult;
      try {
        result = await client.query({ text: `FETCH ${batchRows} FROM atlas_result`, rowMode: 'array' });
      } catch (error) {
        return session.fail(error);
      }
      columns ??= columnsOf(result.fields);
      const done = result.rows.length < batchRows;
      if (result.rows.length > 0 || done) yield { columns, rows: convert(result.rows, result.fields) };
      if (done) break;
      if (options.signal?.aborted) throw queryCancelled();
    }
    await client.query('COMMIT').catch(() => undefined);
  } finally {
    await session.close();
  }
}

/** A connector for a warehouse speaking the PostgreSQL protocol. */
export function pgWireConnector(dialect: PgDialect): WarehouseConnector {
  return {
    type: dialect.type,
    kind: 'warehouse',
    dialect: dialect.sqlDialect,
    optionsSchema: dialect.optionsSchema,

    async testConnection(target) {
      const client = await connect(dialect, target, CONNECT_TIMEOUT_MS);
      try {
        const result = await client.query<{ version: string }>(dialect.versionSql);
        return { serverVersion: result.rows[0]?.version };
      } catch (error) {
        throw driverError(error, target, 'Could not connect to the database');
      } finally {
        await client.end().catch(() => undefined);
      }
    },

    runQuery: (target, sql, params, options) => runQuery(dialect, target, sql, params, options),

    describeQuery(target, sql, params, options) {
      return withSession(dialect, target, options, async (client) => {
        const result = await client.query({ ...statement(`SELECT * FROM (\n${stripSemicolons(sql)}\n) AS atlas_described LIMIT 0`, params), rowMode: 'array' });
        return columnsOf(result.fields);
      });
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table'));
      return withSession(dialect, target, options, async (client): Promise<SchemaEntry[]> => {
        if (path.length === 0) return (await client.query<{ name: string }>(dialect.schemasSql)).rows.map(({ name }) => ({ name, kind: 'schema' }));
        if (path.length === 1) return (await client.query<{ name: string }>(dialect.tablesSql, [path[0]])).rows.map(({ name }) => ({ name, kind: 'table' }));
        const rows = (await client.query<{ name: string; type: string }>(dialect.columnsSql, [path[0], path[1]])).rows;
        return rows.map(({ name, type }) => ({ name, kind: 'column', type }));
      });
    },

    async writeTable(target, table, columns, rows, options) {
      return writePgTable(await openSession(dialect, target, options), dialect.tableTypes, table, columns, rows, options.signal);
    },
  };
}

export const postgresConnector = pgWireConnector({
  type: 'postgres',
  sqlDialect: 'postgres',
  optionsSchema: PostgresConnectionOptions,
  defaultPort: 5432,
  declareCursor: 'DECLARE atlas_result NO SCROLL CURSOR FOR',
  versionSql: "SELECT current_setting('server_version') AS version",
  schemasSql: `SELECT nspname AS name FROM pg_namespace
    WHERE nspname NOT IN ('information_schema', 'pg_toast') AND nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
      AND nspname <> 'pg_catalog' AND has_schema_privilege(oid, 'USAGE')
    ORDER BY nspname`,
  tablesSql: `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
  columnsSql: `SELECT column_name AS name, data_type AS type FROM information_schema.columns
    WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
  tableTypes: PG_TABLE_TYPES,
});
