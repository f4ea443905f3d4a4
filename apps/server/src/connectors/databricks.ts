// Databricks SQL with @databricks/sql: Thrift's TCLIService over HTTPS to the warehouse's HTTP path, signed in with the
// connection's personal access token (a bearer token). A statement runs as ExecuteStatement (`$n` rewritten to `?`,
// the values sent as the protocol's typed ordinal parameters), is polled with GetOperationStatus and read with
// FetchResults, batch by batch; CancelOperation stops it at the timeout or on cancel. The schema browser uses the
// protocol's own GetSchemas, GetTables and GetColumns (they answer for Unity Catalog and the Hive metastore alike).
// Read-only: Databricks has no dry run, so only a query (SELECT, WITH, VALUES, TABLE) is sent, and inside
// `SELECT * FROM (…)`, where Spark's grammar takes one query only (not `WITH … INSERT`, not a second statement).
// The driver dials https with certificates unchecked and through its own agent: here its connection goes to the
// endpoint through network.ts's checked agents (certificates verified); results come inline as Thrift columns (no
// Arrow, LZ4 or CloudFetch, whose links would send the client to other hosts); its telemetry is off.
import { DBSQLClient, connections, thrift } from '@databricks/sql';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { databricksColumn, databricksParameter, rowsOf } from './databricks-values.js';
import { driverError, notAQuery } from './errors.js';
import { checkedAgents, connectableAddress, normalHost, unreachable } from './network.js';
import { QueryStopper } from './query-stopper.js';
import { isTrinoQuery, questionMarks } from './sql-text.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface DatabricksOptions {
  host: string;
  httpPath: string;
  catalog?: string;
  schema?: string;
}

/** Where a connection's warehouse answers: `https://<host>/<httpPath>`; only tests pass another. */
export type DatabricksEndpoint = (options: DatabricksOptions) => URL;

type Session = Awaited<ReturnType<DBSQLClient['openSession']>>;
type Operation = Awaited<ReturnType<Session['executeStatement']>>;
type RowSet = InstanceType<typeof thrift.TCLIService_types.TRowSet>;
type HttpConnection = InstanceType<typeof connections.HttpConnection>;
/** The driver's row sets of an operation (FetchResults), read as they come. */
interface RowSets {
  hasMore(): Promise<boolean>;
  fetchNext(options: { limit: number }): Promise<RowSet | undefined>;
}

const CONNECT_TIMEOUT_MS = 10_000;
const BATCH_ROWS = 10_000;
// The warehouse stops the statement itself a little after the connector would have cancelled it.
const QUERY_TIMEOUT_MARGIN_S = 5;
const SILENT = { log: () => undefined };
const { TGetInfoType } = thrift.TCLIService_types;

const couldNotConnect = (details: string) => invalidInput('Could not connect to the database', details);

export const databricksEndpoint: DatabricksEndpoint = ({ host, httpPath }) => {
  const name = normalHost(host.replace(/^https?:\/\//i, '').replace(/\/+$/, ''));
  if (!/^[a-z0-9.-]+$/.test(name)) throw couldNotConnect(`"${host}" is not a Databricks workspace host name`);
  // Always after a slash: the path stays a path on that host.
  return new URL(`https://${name}${httpPath.startsWith('/') ? '' : '/'}${httpPath}`);
};

/**
 * A failure as the answer: a refused token (401, 403) fails the connection with Databricks' reason; other HTTP statuses
 * and Databricks' own errors (bad SQL, unknown table) are 422s with its message; no answer at all is unreachable().
 */
function databricksError(error: unknown, target: ConnectionTarget, what: string): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { name?: string; statusCode?: number; response?: { statusText?: string; headers?: { get(name: string): string | null } } };
  if (failure.name === 'FetchError') return unreachable();
  if (typeof failure.statusCode === 'number') {
    const headers = failure.response?.headers;
    const reason = headers?.get('x-databricks-reason-phrase') ?? headers?.get('x-thriftserver-error-message') ?? failure.response?.statusText ?? '';
    const refused = failure.statusCode === 401 || failure.statusCode === 403;
    return driverError(new Error(`${failure.statusCode}: ${reason}`), target, refused ? 'Could not connect to the database' : what);
  }
  return driverError(error, target, what);
}

/** A client whose one connection goes to `url` through agents that dial checked addresses only. */
function checkedClient(url: URL, allowedHosts: readonly string[], socketTimeout: number): DBSQLClient {
  const client = new DBSQLClient({ logger: SILENT });
  const { httpAgent, httpsAgent } = checkedAgents(allowedHosts);
  const https = url.protocol === 'https:';
  const context = client as unknown as ConstructorParameters<typeof connections.HttpConnection>[1];
  // The driver's own provider always says https and builds an agent with rejectUnauthorized: false.
  (client as unknown as { createConnectionProvider: () => HttpConnection }).createConnectionProvider = () => {
    const connection = new connections.HttpConnection(
      { host: url.hostname, port: Number(url.port || (https ? 443 : 80)), path: `${url.pathname}${url.search}`, https, socketTimeout, headers: { 'User-Agent': 'atlas-studio' } },
      context,
    );
    connection.getAgent = () => Promise.resolve(https ? httpsAgent : httpAgent);
    return connection;
  };
  Object.assign(client.getConfig(), { arrowEnabled: false, useCloudFetch: false, useLZ4Compression: false });
  return client;
}

/** One signed-in session; a timeout or the signal cancels its running operation. */
class Connection {
  private constructor(
    private readonly client: DBSQLClient,
    readonly session: Session,
    readonly stopper: QueryStopper,
    private readonly target: ConnectionTarget,
    private readonly what: string,
  ) {}

  static async open(endpoint: DatabricksEndpoint, target: ConnectionTarget, options: RunOptions, what: string): Promise<Connection> {
    const settings = target.options as unknown as DatabricksOptions;
    const url = endpoint(settings);
    await connectableAddress(url.hostname, target.allowedHosts);
    const token = target.password();
    if (!token) throw couldNotConnect('A Databricks connection needs its personal access token');
    const stopper = new QueryStopper(options);
    // A request the warehouse never answers ends a little after the statement would have been cancelled.
    const client = checkedClient(url, target.allowedHosts, options.timeoutMs + QUERY_TIMEOUT_MARGIN_S * 1000);
    const call = <T>(promise: Promise<T>) => stopper.guard(promise, (error) => databricksError(error, target, 'Could not connect to the database'));
    try {
      await call(client.connect({ host: url.hostname, path: url.pathname, token, telemetryEnabled: false, retriesTimeout: options.timeoutMs }));
      // Timestamps arrive as text in the session's time zone: UTC, as the connector reads them.
      const session = await call(client.openSession({ initialCatalog: settings.catalog, initialSchema: settings.schema, configuration: { TIMEZONE: 'UTC' } }));
      return new Connection(client, session, stopper, target, what);
    } catch (error) {
      stopper.close();
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  /** Awaits a driver call, or the stop; maps a failure to the answer. */
  call<T>(promise: Promise<T>): Promise<T> {
    return this.stopper.guard(promise, (error) => databricksError(error, this.target, this.what));
  }

  /** Runs an operation to its end, yielding its row sets as batches (at least one). */
  async *batches(start: (session: Session) => Promise<Operation>, batchRows: number): AsyncGenerator<QueryBatch> {
    // Not raced with the stop: once the operation exists, a stop (even an earlier one) cancels it.
    const operation = await start(this.session).catch((error: unknown) => {
      throw this.stopper.error ?? databricksError(error, this.target, this.what);
    });
    this.stopper.onStop(() => operation.cancel());
    await this.call(operation.finished());
    const metadata = await this.call(operation.getResultMetadata());
    if (metadata.resultFormat !== 'COLUMN_BASED') throw invalidInput(this.what, `Databricks sent the result as ${metadata.resultFormat}, which is not read`);
    const described = [...(metadata.schema?.columns ?? [])].sort((a, b) => a.position - b.position).map(databricksColumn);
    const columns: ConnectorColumn[] = described.map(({ column }) => column);
    const converts = described.map(({ convert }) => convert);
    const rowSets = (operation as unknown as { _data: RowSets })._data;
    let yielded = false;
    while (await this.call(rowSets.hasMore())) {
      const rows = rowsOf((await this.call(rowSets.fetchNext({ limit: batchRows })))?.columns ?? [], converts);
      if (rows.length > 0) {
        yield { columns, rows };
        yielded = true;
      }
    }
    if (!yielded) yield { columns, rows: [] };
    await this.call(operation.close());
  }

  /** Every row of a metadata operation, as records by column name. */
  async records(start: (session: Session) => Promise<Operation>): Promise<Array<Record<string, unknown>>> {
    const records: Array<Record<string, unknown>> = [];
    for await (const { columns, rows } of this.batches(start, BATCH_ROWS)) {
      for (const row of rows) records.push(Object.fromEntries(columns.map((column, index) => [column.name, row[index]])));
    }
    return records;
  }

  /** Waits for a cancel on its way, then closes the session and the client. */
  async close(): Promise<void> {
    this.stopper.close();
    await this.stopper.cancelSent();
    await this.client.close().catch(() => undefined);
  }
}

async function withConnection<T>(endpoint: DatabricksEndpoint, target: ConnectionTarget, options: RunOptions, what: string, work: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await Connection.open(endpoint, target, options, what);
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** The statement as sent: a query only, as one subquery, its `$n` as `?` with the values bound. */
function statement(sql: string, params: readonly unknown[]): { sql: string; parameters: ReturnType<typeof databricksParameter>[] } {
  const text = sql.replace(/[\s;]+$/, '');
  if (!isTrinoQuery(text)) throw notAQuery();
  try {
    const bound = questionMarks(text, params);
    // The newline keeps a closing `-- comment` from commenting out the parenthesis.
    return { sql: `SELECT * FROM (\n${bound.sql}\n) AS atlas_query`, parameters: bound.values.map(databricksParameter) };
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
}

function execute(sql: string, parameters: readonly unknown[], options: RunOptions) {
  return (session: Session) =>
    session.executeStatement(sql, {
      ordinalParameters: parameters as Array<string | number | bigint | boolean | Date>,
      queryTimeout: Math.ceil(options.timeoutMs / 1000) + QUERY_TIMEOUT_MARGIN_S,
      maxRows: options.batchRows ?? BATCH_ROWS,
    });
}

async function* runQuery(endpoint: DatabricksEndpoint, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const bound = statement(sql, params);
  const connection = await Connection.open(endpoint, target, options, 'Query failed');
  try {
    yield* connection.batches(execute(bound.sql, bound.parameters, options), options.batchRows ?? BATCH_ROWS);
  } finally {
    await connection.close();
  }
}

/** Thrift's metadata calls take patterns (`_` matches any character): only exact names are kept. */
async function listSchema(connection: Connection, catalog: string | undefined, path: readonly string[]): Promise<SchemaEntry[]> {
  const [schema, table] = path;
  if (schema === undefined) {
    const records = await connection.records((session) => session.getSchemas({ catalogName: catalog }));
    return [...new Set(records.map((record) => String(record.TABLE_SCHEM)))].map((name) => ({ name, kind: 'schema' }));
  }
  if (table === undefined) {
    const records = await connection.records((session) => session.getTables({ catalogName: catalog, schemaName: schema }));
    return records.filter((record) => record.TABLE_SCHEM === schema).map((record) => ({ name: String(record.TABLE_NAME), kind: 'table' }));
  }
  const records = await connection.records((session) => session.getColumns({ catalogName: catalog, schemaName: schema, tableName: table }));
  return records
    .filter((record) => record.TABLE_SCHEM === schema && record.TABLE_NAME === table)
    .map((record) => ({ name: String(record.COLUMN_NAME), kind: 'column', type: String(record.TYPE_NAME) }));
}

export function databricksConnector(endpoint: DatabricksEndpoint = databricksEndpoint): WarehouseConnector {
  return {
    type: 'databricks',
    kind: 'warehouse',
    dialect: 'databricks',
    optionsSchema: CONNECTION_OPTIONS.databricks,

    testConnection(target) {
      return withConnection(endpoint, target, { timeoutMs: CONNECT_TIMEOUT_MS }, 'Could not connect to the database', async (connection) => {
        const version = (await connection.call(connection.session.getInfo(TGetInfoType.CLI_DBMS_VER))).getValue();
        return { serverVersion: `Databricks ${String(version)}` };
      });
    },

    runQuery: (target, sql, params, options) => runQuery(endpoint, target, sql, params, options),

    async describeQuery(target, sql, params, options) {
      const bound = statement(sql, params);
      return withConnection(endpoint, target, options, 'Query failed', async (connection) => {
        let columns: ConnectorColumn[] = [];
        for await (const batch of connection.batches(execute(`${bound.sql} LIMIT 0`, bound.parameters, options), 1)) columns = [...batch.columns];
        return columns;
      });
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table'));
      const catalog = (target.options as unknown as DatabricksOptions).catalog;
      return withConnection(endpoint, target, options, 'Query failed', (connection) => listSchema(connection, catalog, path));
    },
  };
}
