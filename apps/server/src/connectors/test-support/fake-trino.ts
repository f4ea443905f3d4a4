// A Trino coordinator in miniature for tests: its HTTP protocol (POST /v1/statement, results paged through absolute
// nextUri, columns with Trino type names, error objects, DELETE to cancel, prepared statements carried in the
// X-Trino-Prepared-Statement header, Basic authentication, the query_max_run_time session property), with an
// in-memory DuckDB running the SQL of one catalog. So trino-client's own code runs against it.
import { text } from 'node:stream/consumers';
import http from 'node:http';
import { DuckDBTypeId, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { memoryWarehouse } from './memory-warehouse.js';
import { listenOnLoopback } from './loopback.js';

export interface FakeTrinoOptions {
  /** The catalog's name; `setup` creates its schemas and tables. */
  catalog: string;
  setup: string;
  /** When given, every request must carry these Basic credentials. */
  login?: { user: string; password: string };
  pageRows?: number;
  /** Where nextUri points (default: this server), to see that a client does not follow it elsewhere. */
  nextUriOrigin?: string;
}

export interface FakeTrino {
  port: number;
  /** Every statement received, in order. */
  statements(): string[];
  /** Every X-Trino-User header received. */
  users(): string[];
  /** Ids of the queries cancelled with DELETE. */
  cancelled(): string[];
  close(): Promise<void>;
}

interface TrinoError {
  message: string;
  errorCode: number;
  errorName: string;
  errorType: string;
  failureInfo: { type: string; message: string; suppressed: string[]; stack: string[] };
}

interface Query {
  id: string;
  done: Promise<void>;
  columns?: Array<{ name: string; type: string }>;
  rows: unknown[][];
  offset: number;
  error?: TrinoError;
  addedPrepare?: string;
  stop(errorName: string, message: string): void;
}

const failure = (errorName: string, message: string, errorType = 'USER_ERROR'): TrinoError => ({
  message,
  errorCode: 1,
  errorName,
  errorType,
  failureInfo: { type: 'io.trino.spi.TrinoException', message, suppressed: [], stack: [] },
});

const TYPE_NAMES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'boolean',
  [DuckDBTypeId.TINYINT]: 'tinyint',
  [DuckDBTypeId.SMALLINT]: 'smallint',
  [DuckDBTypeId.INTEGER]: 'integer',
  [DuckDBTypeId.BIGINT]: 'bigint',
  [DuckDBTypeId.FLOAT]: 'real',
  [DuckDBTypeId.DOUBLE]: 'double',
  [DuckDBTypeId.VARCHAR]: 'varchar',
  [DuckDBTypeId.DATE]: 'date',
  [DuckDBTypeId.TIMESTAMP]: 'timestamp(3)',
  [DuckDBTypeId.TIMESTAMP_TZ]: 'timestamp(3) with time zone',
};
const trinoType = (type: DuckDBType) => (type.typeId === DuckDBTypeId.DECIMAL ? type.toString().toLowerCase().replace(' ', '') : (TYPE_NAMES[type.typeId] ?? 'varchar'));

/** A value as Trino writes it in JSON: bigint as a number, decimals as text, timestamps as `yyyy-mm-dd hh:mm:ss.fff[ UTC]`. */
function trinoValue(value: DuckDBValue, type: DuckDBType): unknown {
  if (value === null) return null;
  const json = toJsonValue(value);
  if (type.typeId === DuckDBTypeId.BIGINT) return Number(json);
  if (type.typeId === DuckDBTypeId.DECIMAL) return value.toString();
  if (type.typeId === DuckDBTypeId.TIMESTAMP || type.typeId === DuckDBTypeId.TIMESTAMP_TZ) {
    const text = String(json).replace('T', ' ').replace('Z', '');
    return type.typeId === DuckDBTypeId.TIMESTAMP_TZ ? `${text} UTC` : text;
  }
  return typeof json === 'object' ? JSON.stringify(json) : json;
}

/** `name=url-encoded statement,…` as Trino's clients send their prepared statements. */
function preparedStatements(header: string | undefined): Map<string, string> {
  const statements = new Map<string, string>();
  for (const entry of (header ?? '').split(',').filter(Boolean)) {
    const [name, encoded = ''] = entry.split('=');
    statements.set(name!.trim(), decodeURIComponent(encoded.replaceAll('+', ' ')));
  }
  return statements;
}

function maxRunMs(header: string | undefined): number | null {
  const match = /(?:^|,)\s*query_max_run_time=(\d+)ms/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

export async function fakeTrino(options: FakeTrinoOptions): Promise<FakeTrino> {
  const instance = await memoryWarehouse(`ATTACH ':memory:' AS "${options.catalog}"; USE "${options.catalog}"; ${options.setup}`);
  const queries = new Map<string, Query>();
  const statements: string[] = [];
  const users: string[] = [];
  const cancelled: string[] = [];
  let counter = 0;
  let origin = '';

  /** Runs `sql` as Trino would: PREPARE keeps the statement (for the client to send back), EXECUTE … USING binds. */
  async function execute(connection: DuckDBConnection, sql: string, headers: http.IncomingHttpHeaders, query: Query): Promise<void> {
    const catalog = String(headers['x-trino-catalog'] ?? options.catalog);
    await connection.run(`USE "${catalog.replaceAll('"', '""')}"`);
    const prepare = /^\s*PREPARE\s+(\w+)\s+FROM\s+([\s\S]*)$/i.exec(sql);
    if (prepare) {
      (await connection.prepare(prepare[2]!)).destroySync();
      query.addedPrepare = `${prepare[1]}=${encodeURIComponent(prepare[2]!)}`;
      return;
    }
    const executeUsing = /^\s*EXECUTE\s+(\w+)\s+USING\s+([\s\S]*)$/i.exec(sql);
    let statement = sql;
    let values: DuckDBValue[] = [];
    if (executeUsing) {
      const prepared = preparedStatements(headers['x-trino-prepared-statement'] as string | undefined).get(executeUsing[1]!);
      if (prepared === undefined) throw Object.assign(new Error(`Prepared statement not found: ${executeUsing[1]}`), { errorName: 'NOT_FOUND' });
      statement = prepared;
      values = (await connection.runAndReadAll(`SELECT ${executeUsing[2]}`)).getRows()[0]!;
    }
    const prepared = await connection.prepare(statement);
    try {
      if (values.length > 0) prepared.bind(values);
      const reader = await prepared.runAndReadAll();
      const types = reader.columnTypes();
      query.columns = reader.columnNames().map((name, index) => ({ name, type: trinoType(types[index]!) }));
      query.rows = reader.getRows().map((row) => row.map((value, index) => trinoValue(value, types[index]!)));
    } finally {
      prepared.destroySync();
    }
  }

  async function start(sql: string, headers: http.IncomingHttpHeaders): Promise<Query> {
    const connection = await instance.connect();
    const id = `20260101_000000_${String(++counter).padStart(5, '0')}_fake`;
    let stopped: TrinoError | undefined;
    const query: Query = {
      id,
      rows: [],
      offset: 0,
      done: Promise.resolve(),
      stop(errorName, message) {
        stopped ??= failure(errorName, message, errorName === 'EXCEEDED_TIME_LIMIT' ? 'INSUFFICIENT_RESOURCES' : 'USER_ERROR');
        connection.interrupt();
      },
    };
    const limit = maxRunMs(headers['x-trino-session'] as string | undefined);
    const timer = limit === null ? undefined : setTimeout(() => query.stop('EXCEEDED_TIME_LIMIT', `Query exceeded maximum time limit of ${limit}.00ms`), limit);
    query.done = execute(connection, sql, headers, query)
      .catch((error: Error & { errorName?: string }) => {
        query.error = failure(error.errorName ?? 'SYNTAX_ERROR', error.message.split('\n')[0]!);
      })
      .finally(() => {
        clearTimeout(timer);
        if (stopped) query.error = stopped;
        connection.closeSync();
      });
    queries.set(id, query);
    return query;
  }

  const nextUri = (query: Query, token: number) => `${options.nextUriOrigin ?? origin}/v1/statement/executing/${query.id}/${token}`;

  async function page(query: Query, token: number, response: http.ServerResponse): Promise<void> {
    const settled = await Promise.race([query.done.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50))]);
    const answer: Record<string, unknown> = { id: query.id, infoUri: `${origin}/ui/query.html?${query.id}` };
    if (!settled) Object.assign(answer, { nextUri: nextUri(query, token + 1), stats: { state: 'RUNNING' } });
    else if (query.error) Object.assign(answer, { error: query.error, stats: { state: 'FAILED' } });
    else {
      const rows = query.rows.slice(query.offset, query.offset + (options.pageRows ?? 2));
      query.offset += rows.length;
      const more = query.offset < query.rows.length;
      Object.assign(answer, { columns: query.columns, data: rows, stats: { state: more ? 'RUNNING' : 'FINISHED' }, ...(more ? { nextUri: nextUri(query, token + 1) } : {}) });
      if (!query.columns) answer.updateType = 'PREPARE';
      if (!more && query.addedPrepare) response.setHeader('X-Trino-Added-Prepare', query.addedPrepare);
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer));
  }

  function authorized(request: http.IncomingMessage): boolean {
    if (!options.login) return true;
    const expected = `Basic ${Buffer.from(`${options.login.user}:${options.login.password}`).toString('base64')}`;
    return request.headers.authorization === expected;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    if (!authorized(request)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="Trino"', 'content-type': 'text/plain' });
      response.end('Access Denied: Invalid credentials');
      return;
    }
    const cancel = /^\/v1\/(?:query|statement\/\w+)\/([\w]+)/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/statement') {
      const sql = await text(request);
      statements.push(sql);
      users.push(String(request.headers['x-trino-user'] ?? ''));
      const query = await start(sql, request.headers);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id: query.id, infoUri: `${origin}/ui/query.html?${query.id}`, nextUri: nextUri(query, 0), stats: { state: 'QUEUED' } }));
    } else if (request.method === 'DELETE' && cancel && queries.has(cancel[1]!)) {
      cancelled.push(cancel[1]!);
      queries.get(cancel[1]!)!.stop('USER_CANCELED', 'Query was canceled');
      response.writeHead(204).end();
    } else if (request.method === 'GET' && /^\/v1\/statement\/executing\/\w+\/\d+$/.test(url.pathname)) {
      const [, , , , id, token] = url.pathname.split('/');
      const query = queries.get(id!);
      if (!query) response.writeHead(404).end();
      else await page(query, Number(token), response);
    } else response.writeHead(404).end();
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  const port = await listenOnLoopback(server);
  origin = `http://127.0.0.1:${port}`;
  return {
    port,
    statements: () => [...statements],
    users: () => [...users],
    cancelled: () => [...cancelled],
    async close() {
      for (const query of queries.values()) query.stop('USER_CANCELED', 'Server shutting down');
      await Promise.all([...queries.values()].map((query) => query.done));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      instance.closeSync();
    },
  };
}
