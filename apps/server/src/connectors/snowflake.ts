// Snowflake with snowflake-sdk (its REST protocol: login-request, query-request with bindings, results inline and in
// chunks downloaded from the URLs the answer gives, abort-request, session delete), signed in with the connection's
// user and password. Read-only: only a statement starting with SELECT or WITH is sent, first as a describe-only
// request (compiled, not run), and it runs only when Snowflake reports its statement type as a SELECT. `$n` become the
// driver's positional `?` binds. Timeout: the STATEMENT_TIMEOUT_IN_SECONDS parameter as a backstop, and the
// connector's own timer cancels the statement (abort-request), as does the signal.
// Every request of the driver (the account's host, and chunk URLs, which Snowflake answers with: cloud storage in
// real life) goes through HTTP agents that resolve each host through network.ts, so sockets go to checked addresses.
// Where the account is comes from the connector's `endpointFor`: index.ts registers Snowflake's; only tests pass another.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import snowflake, { type Connection, type ConnectionOptions, type RowStatement, type StatementOption } from 'snowflake-sdk';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { driverError, notAQuery, queryTimedOut } from './errors.js';
import { checkedAgents, connectableAddress, unreachable } from './network.js';
import { QueryStopper } from './query-stopper.js';
import { firstWord, questionMarks } from './sql-text.js';
import { snowflakeBind, snowflakeColumn, type SnowflakeBind, type SnowflakeColumn } from './snowflake-values.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface SnowflakeOptions {
  account: string;
  warehouse?: string;
  database: string;
  schema?: string;
  user: string;
  role?: string;
}

/** The account's endpoint (scheme, host and port): `https://<account>.snowflakecomputing.com`. */
export type SnowflakeEndpoint = (account: string) => string;

export const snowflakeEndpoint: SnowflakeEndpoint = (account) => `https://${account}.snowflakecomputing.com`;

// An account identifier (`myorg-myaccount`, `xy12345.eu-west-1.aws`): it becomes part of the host name.
const ACCOUNT = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/i;
// Snowflake's statement type ids: 0x1000 is a query (SELECT); DML, DDL, scripts and the rest have others.
const SELECT_STATEMENT = 0x1000;
const QUERY_WORDS = new Set(['select', 'with']);
const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 5_000;
const BATCH_ROWS = 10_000;
// Snowflake stops the statement itself a little after the connector would have cancelled it.
const TIMEOUT_MARGIN_SECONDS = 5;
// Snowflake's codes for a refused login (390xxx) and for its statement timeout.
const LOGIN_FAILED = /^390\d{3}$/;
const STATEMENT_TIMED_OUT = '000630';

const couldNotConnect = (details: string) => invalidInput('Could not connect to the database', details);

/**
 * The driver reads each answer's statementTypeId but does not expose it. A response interceptor on its own HTTP client
 * (one for the module) notes it for the describe-only requests this connector waits on, by their request id. Should a
 * later driver move that client, no type is ever seen and every statement is refused (rather than the server failing
 * to start or a statement running unchecked).
 */
const awaitedTypes = new Map<string, number | null>();
type DriverResponse = { config?: { url?: string }; data?: unknown };
type DriverHttp = { default?: { interceptors?: { response?: { use(fulfilled: (response: DriverResponse) => DriverResponse): number } } } };

function noteStatementType(response: DriverResponse): DriverResponse {
  const requestId = response.config?.url ? new URL(response.config.url).searchParams.get('requestId') : null;
  if (requestId && awaitedTypes.has(requestId) && typeof response.data === 'string') {
    try {
      const typeId = (JSON.parse(response.data) as { data?: { statementTypeId?: unknown } }).data?.statementTypeId;
      awaitedTypes.set(requestId, typeof typeId === 'number' ? typeId : null);
    } catch {
      // Not JSON: the driver reports the failure itself.
    }
  }
  return response;
}

try {
  (createRequire(import.meta.url)('snowflake-sdk/dist/lib/http/axios_instance.js') as DriverHttp).default?.interceptors?.response?.use(noteStatementType);
} catch {
  // See above: statements are refused.
}
snowflake.configure({ logLevel: 'OFF' });

/** A failure: Snowflake's own message (never the password), a network failure as unreachable(), the timeout as 408. */
function snowflakeError(error: unknown, target: ConnectionTarget, what: string, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  const failure = (error ?? {}) as { name?: string; code?: unknown; message?: string; response?: { statusCode?: number; status?: number } };
  const code = String(failure.code ?? '');
  if (failure.name === 'NetworkError') return unreachable();
  if (code === STATEMENT_TIMED_OUT) return queryTimedOut(timeoutMs);
  const status = failure.response?.statusCode ?? failure.response?.status;
  const refused = LOGIN_FAILED.test(code) || status === 401 || status === 403;
  const message = status ? `${status}: ${failure.message ?? ''}` : (failure.message ?? String(error));
  return driverError(new Error(message), target, refused ? 'Could not connect to the database' : what);
}

type Call = <T>(promise: Promise<T>) => Promise<T>;

interface Session {
  connection: Connection;
  stopper: QueryStopper;
  call: Call;
  options: RunOptions;
}

const destroyed = (connection: Connection) =>
  Promise.race([new Promise<void>((resolve) => connection.destroy(() => resolve())), new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);

async function openSession(endpointFor: SnowflakeEndpoint, target: ConnectionTarget, options: RunOptions, what: string): Promise<Session> {
  const settings = target.options as unknown as SnowflakeOptions;
  if (!ACCOUNT.test(settings.account)) throw couldNotConnect(`"${settings.account}" is not a Snowflake account identifier`);
  const password = target.password();
  if (!password) throw couldNotConnect('A Snowflake connection needs its password');
  const accessUrl = new URL(endpointFor(settings.account));
  const stopper = new QueryStopper(options);
  const call: Call = (promise) => stopper.guard(promise, (error) => snowflakeError(error, target, what, options.timeoutMs));
  let connection: Connection | null = null;
  try {
    await call(connectableAddress(accessUrl.hostname, target.allowedHosts));
    const { httpAgent, httpsAgent } = checkedAgents(target.allowedHosts);
    connection = snowflake.createConnection({
      accessUrl: accessUrl.origin,
      account: settings.account,
      username: settings.user,
      password,
      database: settings.database,
      warehouse: settings.warehouse,
      schema: settings.schema,
      role: settings.role,
      // The driver's agent for a URL (its test seam, replacing its own OCSP-checking agent): ours, whose sockets go to
      // checked addresses only.
      agentClass: (agent: { protocol?: string }) => (agent.protocol === 'https:' ? httpsAgent : httpAgent),
      sfRetryMaxLoginRetries: 1,
      disableQueryContextCache: true,
      clientSessionKeepAlive: false,
    } as ConnectionOptions);
    const opened = connection;
    await call(new Promise<void>((resolve, reject) => opened.connect((error) => (error ? reject(error) : resolve()))));
    return { connection: opened, stopper, call, options };
  } catch (error) {
    stopper.close();
    if (connection) void destroyed(connection);
    throw error;
  }
}

async function closeSession({ connection, stopper }: Session): Promise<void> {
  await stopper.cancelSent();
  stopper.close();
  await destroyed(connection);
}

async function withSession<T>(endpointFor: SnowflakeEndpoint, target: ConnectionTarget, options: RunOptions, what: string, work: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(endpointFor, target, options, what);
  try {
    return await work(session);
  } finally {
    await closeSession(session);
  }
}

interface Statement {
  sqlText: string;
  binds: SnowflakeBind[];
}

/** A query only (first word SELECT or WITH), `$n` as `?` with its bind values; refused before anything is sent. */
function boundQuery(sql: string, params: readonly unknown[]): Statement {
  const text = sql.replace(/[\s;]+$/, '');
  if (!QUERY_WORDS.has(firstWord(text))) throw notAQuery();
  try {
    const { sql: sqlText, values } = questionMarks(text, params);
    return { sqlText, binds: values.map(snowflakeBind) };
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
}

/** Runs a statement to the point where its result (or its description) is available; a stop cancels it. */
function execute({ connection, call, stopper, options }: Session, statement: Statement, extra: Partial<StatementOption> = {}): Promise<RowStatement> {
  return call(
    new Promise<RowStatement>((resolve, reject) => {
      const running = connection.execute({
        sqlText: statement.sqlText,
        ...(statement.binds.length > 0 ? { binds: statement.binds } : {}),
        streamResult: true,
        rowMode: 'array',
        fetchAsString: ['Number'],
        parameters: { STATEMENT_TIMEOUT_IN_SECONDS: Math.ceil(options.timeoutMs / 1000) + TIMEOUT_MARGIN_SECONDS, MULTI_STATEMENT_COUNT: 1 },
        ...extra,
        complete: (error, done) => (error ? reject(error) : resolve(done as RowStatement)),
      });
      stopper.onStop(() => new Promise<void>((resolve) => running.cancel(() => resolve())));
    }),
  );
}

/** A describe-only request: Snowflake compiles the statement without running it; only a SELECT passes. */
async function describe(session: Session, statement: Statement): Promise<RowStatement> {
  const requestId = randomUUID();
  awaitedTypes.set(requestId, null);
  try {
    const described = await execute(session, statement, { describeOnly: true, requestId });
    if (awaitedTypes.get(requestId) !== SELECT_STATEMENT) throw notAQuery();
    return described;
  } finally {
    awaitedTypes.delete(requestId);
  }
}

const columnsOf = (statement: RowStatement) => (statement.getColumns() ?? []).map((column) => snowflakeColumn(column as SnowflakeColumn));

/** The statement's rows as the driver streams them (inline rows, then chunks), in batches of `batchRows`. */
async function* rowsOf(session: Session, statement: RowStatement, batchRows: number): AsyncGenerator<QueryBatch> {
  const described = columnsOf(statement);
  const columns = described.map(({ column }) => column);
  const stream = statement.streamRows();
  const rows = stream[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
  let batch: unknown[][] = [];
  let yielded = false;
  try {
    for (let next = await session.call(rows.next()); !next.done; next = await session.call(rows.next())) {
      batch.push(next.value.map((value, index) => (value === null || value === undefined ? null : described[index]!.convert(value))));
      if (batch.length >= batchRows) {
        yield { columns, rows: batch };
        yielded = true;
        batch = [];
      }
    }
  } finally {
    stream.destroy();
  }
  if (batch.length > 0 || !yielded) yield { columns, rows: batch };
}

async function* runQuery(endpointFor: SnowflakeEndpoint, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const statement = boundQuery(sql, params);
  const session = await openSession(endpointFor, target, options, 'Query failed');
  try {
    await describe(session, statement);
    yield* rowsOf(session, await execute(session, statement), options.batchRows ?? BATCH_ROWS);
  } finally {
    await closeSession(session);
  }
}

/** A catalogue query of the connector's own (bound values), its rows as text. */
async function catalogRows(session: Session, sqlText: string, binds: string[]): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of rowsOf(session, await execute(session, { sqlText, binds }), BATCH_ROWS)) rows.push(...batch.rows.map((row) => row.map(String)));
  return rows;
}

async function listSchema(session: Session, path: readonly string[]): Promise<SchemaEntry[]> {
  if (path.length === 0) {
    const rows = await catalogRows(session, "SELECT schema_name FROM information_schema.schemata WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY 1", []);
    return rows.map(([name]) => ({ name: name!, kind: 'schema' }));
  }
  if (path.length === 1) {
    const rows = await catalogRows(session, 'SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY 1', [path[0]!]);
    return rows.map(([name]) => ({ name: name!, kind: 'table' }));
  }
  const rows = await catalogRows(session, 'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position', [path[0]!, path[1]!]);
  return rows.map(([name, type]) => ({ name: name!, kind: 'column', type: type! }));
}

export function snowflakeConnector(endpointFor: SnowflakeEndpoint = snowflakeEndpoint): WarehouseConnector {
  return {
    type: 'snowflake',
    kind: 'warehouse',
    dialect: 'snowflake',
    optionsSchema: CONNECTION_OPTIONS.snowflake,

    testConnection(target) {
      return withSession(endpointFor, target, { timeoutMs: CONNECT_TIMEOUT_MS }, 'Could not connect to the database', async (session) => {
        const [[version] = []] = await catalogRows(session, 'SELECT CURRENT_VERSION()', []);
        return { serverVersion: version ? `Snowflake ${version}` : 'Snowflake' };
      });
    },

    runQuery: (target, sql, params, options) => runQuery(endpointFor, target, sql, params, options),

    describeQuery(target, sql, params, options) {
      const statement = boundQuery(sql, params);
      return withSession(endpointFor, target, options, 'Query failed', async (session): Promise<ConnectorColumn[]> => columnsOf(await describe(session, statement)).map(({ column }) => column));
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table'));
      return withSession(endpointFor, target, options, 'Query failed', (session) => listSchema(session, path));
    },
  };
}
