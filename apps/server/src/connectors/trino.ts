// Presto/Trino over its HTTP protocol with trino-client: the statement goes to POST /v1/statement, results come page by
// page from the nextUri each answer gives, and a cancel is DELETE /v1/query/{id}. Parameters: the statement is
// prepared (PREPARE … FROM, `$n` rewritten to `?`) and run with EXECUTE … USING and the values as literals.
// Read-only: only a query (SELECT, WITH, VALUES, TABLE) is sent. Timeout: the session's query_max_run_time, and the
// connector cancels the query itself when it passes.
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { isIP } from 'node:net';
import { BasicAuth, Trino, type ConnectionOptions, type QueryError, type QueryResult } from 'trino-client';
import { AppError, invalidInput } from '../http/errors.js';
import { collectBatches } from './batches.js';
import { driverError, notAQuery, queryCancelled, queryTimedOut, withoutSecret } from './errors.js';
import { connectableAddress, normalHost, unreachable } from './network.js';
import { isTrinoQuery, questionMarks } from './sql-text.js';
import { QueryStopper } from './query-stopper.js';
import { trinoColumn, trinoLiteral } from './trino-values.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface PrestoOptions {
  host: string;
  port?: number;
  catalog: string;
  schema?: string;
  user: string;
  ssl?: boolean;
}

const CONNECT_TIMEOUT_MS = 10_000;
type Request = (config: { url?: string; method?: string; maxRedirects?: number }) => Promise<unknown>;

const offServer = () => invalidInput('Query failed', 'The server sent the client to another address, which is not followed');

/**
 * trino-client follows the nextUri of each answer (an absolute URL the server chooses) and HTTP redirects on its own,
 * credentials included. Every request its client makes goes through the client's request(), wrapped here: only to the
 * checked origin, no redirect, and each answer's query id noted (for the cancel).
 */
function confine(trino: Trino, origin: string, onQueryId: (id: string) => void): void {
  const client = (trino as unknown as { client: { request: Request } }).client;
  const request = client.request.bind(client);
  client.request = async (config) => {
    if (new URL(config.url ?? '/', origin).origin !== origin) throw offServer();
    const answer = await request({ ...config, maxRedirects: 0 });
    const id = (answer as { id?: unknown } | null)?.id;
    if (typeof id === 'string') onQueryId(id);
    return answer;
  };
}

/** An HTTP failure: refused credentials and other statuses carry the server's answer; no answer at all is unreachable(). */
function httpError(error: unknown, target: ConnectionTarget): AppError {
  const response = (error as { response?: { status: number; data?: unknown } }).response;
  if (!response) return unreachable();
  const body = typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? '');
  const what = response.status === 401 || response.status === 403 ? 'Could not connect to the database' : 'Query failed';
  return driverError(new Error(`${response.status}: ${body.trim()}`), target, what);
}

function resultError(error: QueryError, target: ConnectionTarget, timeoutMs: number): AppError {
  if (error.errorName === 'EXCEEDED_TIME_LIMIT') return queryTimedOut(timeoutMs);
  if (error.errorName === 'USER_CANCELED') return queryCancelled();
  return new AppError(422, 'Query failed', AppStatusCode.InvalidInput, withoutSecret(`${error.errorName}: ${error.message}`, target).slice(0, 1000));
}

/** One client session: its queries share the prepared statements; a timeout or the signal cancels the running query. */
class Session {
  private readonly stopper: QueryStopper;
  private queryIdSeen: string | null = null;

  private constructor(
    private readonly trino: Trino,
    private readonly target: ConnectionTarget,
    private readonly options: RunOptions,
  ) {
    this.stopper = new QueryStopper(options);
  }

  /** The running query's id on the server (every answer names it): a stop from now on cancels it, once. */
  set queryId(id: string) {
    if (id === this.queryIdSeen) return;
    this.queryIdSeen = id;
    this.stopper.onStop(() => this.trino.cancel(id));
  }

  static async open(target: ConnectionTarget, options: RunOptions): Promise<Session> {
    if (options.signal?.aborted) throw queryCancelled();
    const settings = target.options as unknown as PrestoOptions;
    const address = await connectableAddress(settings.host, target.allowedHosts);
    const password = target.password();
    const origin = new URL(`${settings.ssl ? 'https' : 'http'}://${isIP(address) === 6 ? `[${address}]` : address}:${settings.port ?? 8080}`).origin;
    const connection: ConnectionOptions = {
      server: origin,
      source: 'atlas-studio',
      catalog: settings.catalog,
      schema: settings.schema,
      // Never the server's own user name (trino-client's default).
      ...(password ? { auth: new BasicAuth(settings.user, password) } : { extraHeaders: { 'X-Trino-User': settings.user } }),
      session: { query_max_run_time: `${Math.max(1, Math.ceil(options.timeoutMs))}ms` },
      // The checked address is dialled; the certificate is verified for the host name.
      ssl: { rejectUnauthorized: true, ...(isIP(normalHost(settings.host)) ? {} : { servername: normalHost(settings.host) }) } as ConnectionOptions['ssl'],
    };
    const trino = Trino.create(connection);
    const session = new Session(trino, target, options);
    confine(trino, origin, (id) => (session.queryId = id));
    return session;
  }

  close(): void {
    this.stopper.close();
  }

  /** Awaits a client call, or the stop; maps a failure to the answer. */
  private guard<T>(promise: Promise<T>): Promise<T> {
    return this.stopper.guard(promise, (error) => (error instanceof AppError ? error : httpError(error, this.target)));
  }

  /** Runs one statement, yielding its pages of rows as batches (at least one). */
  async *batches(sql: string): AsyncGenerator<QueryBatch> {
    const results = await this.guard(this.trino.query(sql));
    let columns: ConnectorColumn[] | null = null;
    let converts: Array<(value: unknown) => unknown> = [];
    let yielded = false;
    for (;;) {
      const step: IteratorResult<QueryResult, QueryResult> = await this.guard(results.next());
      const result = step.value;
      if (result.error) throw this.stopper.error ?? resultError(result.error, this.target, this.options.timeoutMs);
      if (step.done) break;
      if (!columns && result.columns) {
        const described = result.columns.map((column) => trinoColumn(column.name, column.type));
        columns = described.map(({ column }) => column);
        converts = described.map(({ convert }) => convert);
      }
      if (columns && result.data && result.data.length > 0) {
        const rows = result.data.map((row: unknown[]) => row.map((value, index) => (value === null ? null : converts[index]!(value))));
        yield { columns, rows };
        yielded = true;
      }
    }
    if (!yielded) yield { columns: columns ?? [], rows: [] };
  }
}

/** The statement as sent: a query only, its `$n` bound through a prepared statement. */
async function* runQuery(target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const text = sql.replace(/[\s;]+$/, '');
  if (!isTrinoQuery(text)) throw notAQuery();
  let bound: ReturnType<typeof questionMarks>;
  try {
    bound = questionMarks(text, params);
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
  const session = await Session.open(target, options);
  try {
    if (bound.values.length === 0) {
      yield* session.batches(bound.sql);
      return;
    }
    for await (const batch of session.batches(`PREPARE atlas_statement FROM\n${bound.sql}`)) void batch;
    yield* session.batches(`EXECUTE atlas_statement USING ${bound.values.map(trinoLiteral).join(', ')}`);
  } finally {
    session.close();
  }
}

const allRows = (target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions) => collectBatches(runQuery(target, sql, params, options));

// information_schema of the session's catalog (the connection's), as Trino has one per catalog.
const SCHEMAS_SQL = "SELECT schema_name FROM information_schema.schemata WHERE catalog_name = $1 AND schema_name <> 'information_schema' ORDER BY schema_name";
const TABLES_SQL = 'SELECT table_name FROM information_schema.tables WHERE table_catalog = $1 AND table_schema = $2 ORDER BY table_name';
const COLUMNS_SQL = `SELECT column_name, data_type FROM information_schema.columns
  WHERE table_catalog = $1 AND table_schema = $2 AND table_name = $3 ORDER BY ordinal_position`;

export const trinoConnector: WarehouseConnector = {
  type: 'presto',
  kind: 'warehouse',
  dialect: 'trino',
  optionsSchema: CONNECTION_OPTIONS.presto,

  async testConnection(target) {
    try {
      const { rows } = await allRows(target, 'SELECT version()', [], { timeoutMs: CONNECT_TIMEOUT_MS });
      return { serverVersion: `Trino ${String(rows[0]?.[0])}` };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 422 && error.message === 'Query failed') {
        throw new AppError(422, 'Could not connect to the database', error.appStatusCode, error.details);
      }
      throw error;
    }
  },

  runQuery,

  async describeQuery(target, sql, params, options) {
    const text = sql.replace(/[\s;]+$/, '');
    if (!isTrinoQuery(text)) throw notAQuery();
    return (await allRows(target, `SELECT * FROM (\n${text}\n) AS atlas_described LIMIT 0`, params, options)).columns;
  },

  async listSchema(target, path, options) {
    if (path.length > 2) throw new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table');
    const catalog = (target.options as unknown as PrestoOptions).catalog;
    const sql = [SCHEMAS_SQL, TABLES_SQL, COLUMNS_SQL][path.length]!;
    const { rows } = await allRows(target, sql, [catalog, ...path], options);
    const kind = (['schema', 'table', 'column'] as const)[path.length]!;
    return rows.map(([name, type]): SchemaEntry => (kind === 'column' ? { name: String(name), kind, type: String(type) } : { name: String(name), kind }));
  },
};
