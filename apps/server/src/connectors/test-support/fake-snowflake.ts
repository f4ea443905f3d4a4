// Snowflake in miniature for tests: the REST protocol snowflake-sdk speaks (gzipped JSON bodies; login-request checking
// the account, user and password; session tokens in `Authorization: Snowflake Token="…"`; query-request with
// positional bindings, statement parameters (STATEMENT_TIMEOUT_IN_SECONDS, MULTI_STATEMENT_COUNT) and describe-only
// requests answering the statement type id; answers with a rowtype and string values, "in progress" answers followed
// through getResultUrl, large results split into chunks downloaded from URLs with the qrmk key header; abort-request;
// session delete; telemetry). An in-memory DuckDB runs the SQL; its information_schema is shown the way Snowflake's
// is (through views of the fake's own), so snowflake-sdk's own code runs against it.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { DuckDBTypeId, StatementType, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { memoryWarehouse, onConnection } from './memory-warehouse.js';
import { listenOnLoopback } from './loopback.js';

export interface FakeSnowflakeOptions {
  account: string;
  user: string;
  password: string;
  /** Creates the schemas and tables (DuckDB SQL). */
  setup: string;
  /** Rows in the first answer at most; the rest come in chunks of as many rows. */
  pageRows?: number;
  version?: string;
  /** A second loopback address the fake also listens on, named by its chunk URLs (to see the client check them). */
  chunkHost?: string;
}

interface Binding {
  type: string;
  value: string | null;
}

export interface ReceivedQuery {
  sqlText: string;
  describeOnly: boolean;
  bindings: Binding[];
  parameters: Record<string, unknown>;
}

export interface FakeSnowflake {
  /** The account's endpoint (accessUrl). */
  url: string;
  /** Every login attempt: the account and user named. */
  logins(): Array<{ account: string; user: string; database?: string; warehouse?: string }>;
  /** Every query-request, describe-only ones included. */
  queries(): ReceivedQuery[];
  /** Ids of the queries aborted (abort-request). */
  aborted(): string[];
  /** Chunk downloads answered. */
  chunksServed(): number;
  /** Sessions closed by the client (session delete). */
  sessionsClosed(): number;
  close(): Promise<void>;
}

interface Rowtype {
  name: string;
  type: string;
  precision: number | null;
  scale: number | null;
  length: number | null;
  nullable: boolean;
}

interface Query {
  id: string;
  requestId: string;
  done: boolean;
  error?: { code: string; message: string; sqlState: string };
  rowtype: Rowtype[];
  rows: Array<Array<string | null>>;
  qrmk: string;
  finished: Promise<void>;
  stop(reason: 'aborted' | 'timeout'): void;
}

class SnowflakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly sqlState = '42000',
  ) {
    super(message);
  }
}

// Snowflake's statement type ids for the statements DuckDB knows.
const STATEMENT_TYPE_IDS: Partial<Record<StatementType, number>> = {
  [StatementType.SELECT]: 0x1000,
  [StatementType.INSERT]: 0x3100,
  [StatementType.UPDATE]: 0x3200,
  [StatementType.DELETE]: 0x3300,
  [StatementType.CREATE]: 0x6000,
  [StatementType.DROP]: 0x6000,
  [StatementType.ALTER]: 0x6000,
};
// What DuckDB type a binding of a Snowflake type is.
const BIND_TYPES: Record<string, string> = { FIXED: 'BIGINT', REAL: 'DOUBLE', TEXT: 'VARCHAR', BOOLEAN: 'BOOLEAN' };
const INTEGERS = new Set([DuckDBTypeId.TINYINT, DuckDBTypeId.SMALLINT, DuckDBTypeId.INTEGER, DuckDBTypeId.BIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UTINYINT, DuckDBTypeId.USMALLINT, DuckDBTypeId.UINTEGER]);
const SESSION_PARAMETERS = [
  { name: 'TIMEZONE', value: 'America/Los_Angeles' },
  { name: 'TIMESTAMP_OUTPUT_FORMAT', value: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM' },
  { name: 'DATE_OUTPUT_FORMAT', value: 'YYYY-MM-DD' },
];
const INTERNAL_SCHEMAS = "('main', 'pg_catalog', 'information_schema', 'sf_information_schema')";
// Snowflake's information_schema over DuckDB's: Snowflake's type names, only the user's schemas (and its own).
const CATALOG = `CREATE SCHEMA sf_information_schema;
  CREATE VIEW sf_information_schema.schemata AS SELECT schema_name FROM information_schema.schemata
    WHERE catalog_name = current_database() AND schema_name NOT IN ${INTERNAL_SCHEMAS} UNION ALL SELECT 'INFORMATION_SCHEMA';
  CREATE VIEW sf_information_schema.tables AS SELECT table_schema, table_name, CASE WHEN table_type = 'VIEW' THEN 'VIEW' ELSE 'BASE TABLE' END AS table_type
    FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema NOT IN ${INTERNAL_SCHEMAS};
  CREATE VIEW sf_information_schema.columns AS SELECT table_schema, table_name, column_name, ordinal_position,
    CASE WHEN data_type IN ('BIGINT', 'INTEGER', 'SMALLINT', 'TINYINT', 'HUGEINT') OR data_type LIKE 'DECIMAL%' THEN 'NUMBER'
      WHEN data_type IN ('DOUBLE', 'FLOAT') THEN 'FLOAT' WHEN data_type = 'VARCHAR' THEN 'TEXT' WHEN data_type = 'TIMESTAMP' THEN 'TIMESTAMP_NTZ'
      WHEN data_type = 'TIMESTAMP WITH TIME ZONE' THEN 'TIMESTAMP_LTZ' ELSE data_type END AS data_type
    FROM information_schema.columns WHERE table_catalog = current_database() AND table_schema NOT IN ${INTERNAL_SCHEMAS};`;

/** Seconds since the epoch with six decimals, from microseconds (Snowflake's TIMESTAMP_NTZ/LTZ text with scale 6). */
function epochSeconds(micros: bigint): string {
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
}

/** A DuckDB column as Snowflake's rowtype entry, and its values as Snowflake's JSON result text. */
function snowflakeType(name: string, type: DuckDBType): { rowtype: Rowtype; text: (value: DuckDBValue) => string } {
  const column = (kind: string, precision: number | null = null, scale: number | null = null, length: number | null = null) => ({ name, type: kind, precision, scale, length, nullable: true });
  if (INTEGERS.has(type.typeId)) return { rowtype: column('fixed', 38, 0), text: String };
  if (type.typeId === DuckDBTypeId.DECIMAL) {
    const { width, scale } = type as unknown as { width: number; scale: number };
    return { rowtype: column('fixed', width, scale), text: String };
  }
  if (type.typeId === DuckDBTypeId.DOUBLE || type.typeId === DuckDBTypeId.FLOAT) return { rowtype: column('real'), text: String };
  if (type.typeId === DuckDBTypeId.BOOLEAN) return { rowtype: column('boolean'), text: (value) => (value ? '1' : '0') };
  if (type.typeId === DuckDBTypeId.DATE) return { rowtype: column('date'), text: (value) => String((value as unknown as { days: number }).days) };
  if (type.typeId === DuckDBTypeId.TIMESTAMP) return { rowtype: column('timestamp_ntz', 0, 6), text: (value) => epochSeconds((value as unknown as { micros: bigint }).micros) };
  if (type.typeId === DuckDBTypeId.TIMESTAMP_TZ) return { rowtype: column('timestamp_ltz', 0, 6), text: (value) => epochSeconds((value as unknown as { micros: bigint }).micros) };
  if (type.typeId === DuckDBTypeId.VARCHAR) return { rowtype: column('text', null, null, 16_777_216), text: String };
  // Lists, structs and the rest: VARIANT, as JSON text.
  return { rowtype: column('variant'), text: (value) => JSON.stringify(toJsonValue(value)) };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function fakeSnowflake(options: FakeSnowflakeOptions): Promise<FakeSnowflake> {
  const version = options.version ?? '9.1.0';
  const instance = await memoryWarehouse(`CREATE MACRO current_version() AS '${version}'; ${CATALOG} ${options.setup}`);
  const sessions = new Set<string>();
  const queries = new Map<string, Query>();
  const logins: ReturnType<FakeSnowflake['logins']> = [];
  const received: ReceivedQuery[] = [];
  const aborted: string[] = [];
  let chunksServed = 0;
  let sessionsClosed = 0;
  let origin = '';
  let chunkOrigin = '';

  // The fake's catalogue views stand for Snowflake's information_schema.
  const inDuckDb = (sql: string) => sql.replace(/\binformation_schema\./gi, 'sf_information_schema.');

  const withConnection = <T>(work: (connection: DuckDBConnection) => Promise<T>) => onConnection(instance, work);

  async function bindValues(connection: DuckDBConnection, bindings: Binding[]): Promise<DuckDBValue[]> {
    if (bindings.length === 0) return [];
    const casts = bindings.map(({ type, value }) => `CAST(${value === null ? 'NULL' : literal(value)} AS ${BIND_TYPES[type] ?? 'VARCHAR'})`);
    return (await connection.runAndReadAll(`SELECT ${casts.join(', ')}`)).getRows()[0]!;
  }

  const compilationError = (error: unknown) => new SnowflakeError('001003', `SQL compilation error:\n${(error as Error).message.split('\n')[0]}`);

  /** Compiles without running: the statement type id and the result's columns. */
  async function describe(sqlText: string): Promise<{ statementTypeId: number; rowtype: Rowtype[] }> {
    return withConnection(async (connection) => {
      let count: number;
      try {
        count = (await connection.extractStatements(inDuckDb(sqlText))).count;
      } catch (error) {
        throw compilationError(error);
      }
      if (count !== 1) throw new SnowflakeError('000008', `Actual statement count ${count} did not match the desired statement count 1.`, '0A000');
      try {
        const prepared = await connection.prepare(inDuckDb(sqlText));
        try {
          const rowtype = Array.from({ length: prepared.columnCount }, (_, index) => snowflakeType(prepared.columnName(index), prepared.columnType(index)).rowtype);
          return { statementTypeId: STATEMENT_TYPE_IDS[prepared.statementType] ?? 0, rowtype };
        } finally {
          prepared.destroySync();
        }
      } catch (error) {
        throw compilationError(error);
      }
    });
  }

  async function start(requestId: string, sqlText: string, bindings: Binding[], timeoutSeconds: number | null): Promise<Query> {
    const connection = await instance.connect();
    let stopped: 'aborted' | 'timeout' | null = null;
    const query: Query = {
      id: randomUUID(),
      requestId,
      done: false,
      rowtype: [],
      rows: [],
      qrmk: randomBytes(32).toString('base64'),
      finished: Promise.resolve(),
      stop(reason) {
        if (query.done) return;
        stopped ??= reason;
        connection.interrupt();
      },
    };
    const timer = timeoutSeconds ? setTimeout(() => query.stop('timeout'), timeoutSeconds * 1000) : undefined;
    const run = async () => {
      const { count } = await connection.extractStatements(inDuckDb(sqlText));
      if (count !== 1) throw new SnowflakeError('000008', `Actual statement count ${count} did not match the desired statement count 1.`, '0A000');
      const values = await bindValues(connection, bindings);
      const prepared = await connection.prepare(inDuckDb(sqlText));
      try {
        if (values.length > 0) prepared.bind(values);
        const reader = await prepared.runAndReadAll();
        const columns = reader.columnNames().map((name, index) => snowflakeType(name, reader.columnTypes()[index]!));
        query.rowtype = columns.map(({ rowtype }) => rowtype);
        query.rows = reader.getRows().map((row) => row.map((value, index) => (value === null ? null : columns[index]!.text(value))));
      } finally {
        prepared.destroySync();
      }
    };
    query.finished = run()
      .catch((error: Error) => {
        if (stopped === 'timeout') query.error = { code: '000630', message: `Statement reached its statement or warehouse timeout of ${timeoutSeconds} second(s) and was canceled.`, sqlState: '57014' };
        else if (stopped === 'aborted') query.error = { code: '000604', message: 'SQL execution canceled', sqlState: '57014' };
        else if (error instanceof SnowflakeError) query.error = { code: error.code, message: error.message, sqlState: error.sqlState };
        else query.error = { code: '100038', message: error.message.split('\n')[0]!, sqlState: '22018' };
      })
      .finally(() => {
        clearTimeout(timer);
        query.done = true;
        connection.closeSync();
      });
    queries.set(query.id, query);
    return query;
  }

  /** A finished query's answer: the first rows inline, the rest as chunk URLs; or its error. */
  function resultOf(query: Query): unknown {
    if (query.error) return { success: false, code: query.error.code, message: query.error.message, data: { queryId: query.id, sqlState: query.error.sqlState } };
    const size = options.pageRows ?? 100_000;
    const chunks = [];
    for (let offset = size; offset < query.rows.length; offset += size) {
      const rowCount = Math.min(size, query.rows.length - offset);
      chunks.push({ url: `${chunkOrigin}/chunks/${query.id}/${offset}`, rowCount, uncompressedSize: rowCount * 100, compressedSize: rowCount * 50 });
    }
    return {
      success: true,
      code: null,
      message: null,
      data: {
        queryId: query.id,
        statementTypeId: 0x1000,
        version: 1,
        rowtype: query.rowtype,
        rowset: query.rows.slice(0, size),
        total: query.rows.length,
        returned: query.rows.length,
        parameters: SESSION_PARAMETERS,
        ...(chunks.length > 0 ? { chunks, qrmk: query.qrmk } : {}),
      },
    };
  }

  /** Waits a little for the query (as Snowflake holds the request), then its result or "in progress". */
  async function answer(query: Query): Promise<unknown> {
    await Promise.race([query.finished, new Promise((resolve) => setTimeout(resolve, 200))]);
    if (query.done) return resultOf(query);
    return { success: true, code: '333333', message: 'Query execution in progress', data: { queryId: query.id, getResultUrl: `/queries/${query.id}/result` } };
  }

  async function queryRequest(url: URL, body: Record<string, unknown>): Promise<unknown> {
    const sqlText = String(body.sqlText ?? '');
    const bindingMap = (body.bindings ?? {}) as Record<string, Binding>;
    const bindings = Object.keys(bindingMap)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => bindingMap[key]!);
    const parameters = (body.parameters ?? {}) as Record<string, unknown>;
    const describeOnly = body.describeOnly === true;
    received.push({ sqlText, describeOnly, bindings, parameters });
    if (describeOnly) {
      const { statementTypeId, rowtype } = await describe(sqlText);
      return { success: true, code: null, message: null, data: { queryId: randomUUID(), statementTypeId, version: 1, rowtype, rowset: [], total: 0, returned: 0, parameters: SESSION_PARAMETERS } };
    }
    const timeout = Number(parameters.STATEMENT_TIMEOUT_IN_SECONDS ?? 0) || null;
    return answer(await start(url.searchParams.get('requestId') ?? '', sqlText, bindings, timeout));
  }

  function login(url: URL, body: { data?: Record<string, unknown> }): unknown {
    const data = body.data ?? {};
    const account = String(data.ACCOUNT_NAME ?? '');
    const user = String(data.LOGIN_NAME ?? '');
    logins.push({ account, user, database: url.searchParams.get('databaseName') ?? undefined, warehouse: url.searchParams.get('warehouse') ?? undefined });
    if (account.toLowerCase() !== options.account.toLowerCase() || user !== options.user || data.PASSWORD !== options.password) {
      return { success: false, code: '390100', message: 'Incorrect username or password was specified.', data: { nextAction: 'RETRY_LOGIN', authnMethod: 'USERNAME_PASSWORD' } };
    }
    const token = randomUUID();
    sessions.add(token);
    return {
      success: true,
      code: null,
      message: null,
      data: { token, masterToken: randomUUID(), validityInSeconds: 3600, masterValidityInSeconds: 14_400, sessionId: Date.now(), parameters: SESSION_PARAMETERS, sessionInfo: { databaseName: url.searchParams.get('databaseName') } },
    };
  }

  function chunk(path: string[], request: http.IncomingMessage, response: http.ServerResponse): void {
    const query = queries.get(path[1] ?? '');
    const offset = Number(path[2]);
    if (!query || request.headers['x-amz-server-side-encryption-customer-key'] !== query.qrmk) {
      response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    chunksServed++;
    const rows = query.rows.slice(offset, offset + (options.pageRows ?? 100_000));
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(rows.map((row) => JSON.stringify(row)).join(','));
  }

  async function route(request: http.IncomingMessage, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const method = request.method ?? 'GET';
    const path = url.pathname.split('/').filter(Boolean);
    if (method === 'POST' && url.pathname === '/session/v1/login-request') return login(url, body);
    const token = /^Snowflake Token="(.*)"$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!token || !sessions.has(token)) return { success: false, code: '390112', message: 'Your session has expired. Please login again.', data: null };
    if (method === 'POST' && url.pathname === '/session' && url.searchParams.get('delete') === 'true') {
      sessions.delete(token);
      sessionsClosed++;
      return { success: true, code: null, message: null, data: null };
    }
    if (method === 'POST' && url.pathname === '/telemetry/send') return { success: true, code: null, message: null, data: null };
    if (method === 'POST' && url.pathname === '/queries/v1/query-request') return queryRequest(url, body);
    if (method === 'POST' && url.pathname === '/queries/v1/abort-request') {
      const query = [...queries.values()].find((candidate) => candidate.requestId === body.requestId);
      if (query) {
        aborted.push(query.id);
        query.stop('aborted');
      }
      return { success: true, code: null, message: null, data: null };
    }
    const query = path[0] === 'queries' ? queries.get(path[1] ?? '') : undefined;
    if (query && method === 'POST' && path[2] === 'abort-request') {
      aborted.push(query.id);
      query.stop('aborted');
      return { success: true, code: null, message: null, data: null };
    }
    if (query && method === 'GET' && path[2] === 'result') return answer(query);
    return { success: false, code: '390400', message: `Unknown request ${method} ${url.pathname}`, data: null };
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname.startsWith('/chunks/')) {
      chunk(url.pathname.split('/').filter(Boolean), request, response);
      return;
    }
    const raw = await buffer(request);
    const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    let answerBody: unknown;
    try {
      answerBody = await route(request, url, text ? (JSON.parse(text) as Record<string, unknown>) : {});
    } catch (error) {
      const failure = error instanceof SnowflakeError ? error : new SnowflakeError('000603', (error as Error).message, 'XX000');
      answerBody = { success: false, code: failure.code, message: failure.message, data: { sqlState: failure.sqlState, queryId: randomUUID() } };
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody));
  }

  const listener = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  };
  const server = http.createServer(listener);
  const port = await listenOnLoopback(server);
  origin = `http://127.0.0.1:${port}`;
  const servers = [server];
  if (options.chunkHost) {
    const second = http.createServer(listener);
    await new Promise<void>((resolve) => second.listen(port, options.chunkHost, resolve));
    servers.push(second);
  }
  chunkOrigin = options.chunkHost ? `http://${options.chunkHost}:${port}` : origin;
  return {
    url: origin,
    logins: () => [...logins],
    queries: () => [...received],
    aborted: () => [...aborted],
    chunksServed: () => chunksServed,
    sessionsClosed: () => sessionsClosed,
    async close() {
      for (const query of queries.values()) query.stop('aborted');
      await Promise.all([...queries.values()].map((query) => query.finished));
      for (const each of servers) {
        each.closeAllConnections();
        await new Promise((resolve) => each.close(resolve));
      }
      instance.closeSync();
    },
  };
}
