// Amazon Athena with @aws-sdk/client-athena: StartQueryExecution (the `$n` rewritten to `?`, the values sent as
// ExecutionParameters, each a SQL literal), GetQueryExecution polled until the query ends, GetQueryResults paged by
// NextToken into batches, StopQueryExecution at the timeout or on cancel. The schema browser reads the data catalog
// (ListDatabases, ListTableMetadata, GetTableMetadata). Read-only: only a query (Trino's grammar) is sent.
// The client signs with the connection's own key only (never the server's AWS credentials) and talks to the region's
// Athena endpoint: its host is checked, and every socket the client opens dials an address network.ts allows.
// Where the endpoint is comes from the connector's `endpointFor`: index.ts registers AWS's; only tests pass another.
import {
  AthenaClient,
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  GetTableMetadataCommand,
  GetWorkGroupCommand,
  ListDatabasesCommand,
  ListTableMetadataCommand,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { athenaColumn, athenaTypeName } from './athena-values.js';
import { driverError, notAQuery, queryCancelled } from './errors.js';
import { checkedAgents, connectableAddress, unreachable } from './network.js';
import { QueryStopper } from './query-stopper.js';
import { isTrinoQuery, questionMarks } from './sql-text.js';
import { trinoLiteral } from './trino-values.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface AthenaOptions {
  region: string;
  workgroup?: string;
  outputLocation: string;
  accessKeyId: string;
  /** The data catalog (AwsDataCatalog unless the connection names another). */
  catalog?: string;
}

/** The Athena endpoint of a region (`https://athena.eu-west-1.amazonaws.com/`). */
export type AthenaEndpoint = (region: string) => string;

/** AWS's own endpoint for the region, from the SDK's rules (China's regions are on amazonaws.com.cn). */
export const awsEndpoint: AthenaEndpoint = (region) => new AthenaClient({ region }).config.endpointProvider({ Region: region }).url.href;

// Only a region name: it becomes part of the endpoint's host name.
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_CATALOG = 'AwsDataCatalog';
const MAX_PAGE_ROWS = 1000;
// Refusals of the key itself, answered as a failed connection.
const CREDENTIAL_ERRORS = new Set(['UnrecognizedClientException', 'InvalidSignatureException', 'AccessDeniedException', 'ExpiredTokenException']);

const couldNotConnect = (details: string) => invalidInput('Could not connect to the database', details);


/** An SDK failure: Athena's own answer (its error name and message, never the key) or, with no answer, unreachable(). */
function awsError(error: unknown, target: ConnectionTarget, what: string): unknown {
  if (error instanceof AppError) return error;
  const failure = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (!failure.$metadata?.httpStatusCode) return unreachable();
  const name = failure.name ?? 'Error';
  return driverError(new Error(`${name}: ${failure.message ?? ''}`), target, CREDENTIAL_ERRORS.has(name) ? 'Could not connect to the database' : what);
}

async function openClient(endpointFor: AthenaEndpoint, target: ConnectionTarget): Promise<AthenaClient> {
  const settings = target.options as unknown as AthenaOptions;
  if (!REGION.test(settings.region)) throw couldNotConnect(`"${settings.region}" is not an AWS region name (such as eu-west-1)`);
  // Never without a key of the connection's own: the SDK would fall back to the server's AWS credentials.
  const secretAccessKey = target.password();
  if (!secretAccessKey) throw couldNotConnect('An Athena connection needs its secret access key');
  const endpoint = endpointFor(settings.region);
  // Checked here too, as a host given as an address is dialled without a lookup.
  await connectableAddress(new URL(endpoint).hostname, target.allowedHosts);
  return new AthenaClient({
    region: settings.region,
    endpoint,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey },
    requestHandler: { ...checkedAgents(target.allowedHosts), connectionTimeout: CONNECT_TIMEOUT_MS },
  });
}

/** A client call raced with the stop, its failure mapped to the answer. */
type Call = <T>(promise: Promise<T>) => Promise<T>;

interface Session {
  client: AthenaClient;
  call: Call;
  stopper: QueryStopper;
  close(): Promise<void>;
}

/** A client, and a stopper for the call's timeout and signal. */
async function openSession(endpointFor: AthenaEndpoint, target: ConnectionTarget, options: RunOptions, what: string): Promise<Session> {
  const client = await openClient(endpointFor, target);
  const stopper = new QueryStopper(options);
  return {
    client,
    stopper,
    call: (promise) => stopper.guard(promise, (error) => awsError(error, target, what)),
    async close() {
      stopper.close();
      // A StopQueryExecution on its way finishes before the client's sockets close.
      await stopper.cancelSent();
      client.destroy();
    },
  };
}

async function withSession<T>(endpointFor: AthenaEndpoint, target: ConnectionTarget, options: RunOptions, what: string, work: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(endpointFor, target, options, what);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/** Polls the execution until it ends (a little slower each time, at most every second); throws when it did not succeed. */
async function finished({ client, call, stopper }: Session, id: string, target: ConnectionTarget): Promise<void> {
  for (let delay = 100; ; delay = Math.min(1000, delay * 1.5)) {
    const { QueryExecution: execution } = await call(client.send(new GetQueryExecutionCommand({ QueryExecutionId: id })));
    const state = execution?.Status?.State;
    if (state === 'SUCCEEDED') return;
    if (state === 'CANCELLED') throw stopper.error ?? queryCancelled();
    if (state === 'FAILED') {
      const reason = execution?.Status?.AthenaError?.ErrorMessage ?? execution?.Status?.StateChangeReason ?? 'The query failed';
      throw driverError(new Error(reason), target, 'Query failed');
    }
    await stopper.pause(delay);
  }
}

/** The results page by page; the first row of the first page is Athena's header (the column names) and is skipped. */
async function* results({ client, call }: Session, id: string, batchRows: number | undefined): AsyncGenerator<QueryBatch> {
  let columns: ConnectorColumn[] = [];
  let converts: Array<(text: string) => unknown> = [];
  let token: string | undefined;
  let first = true;
  let yielded = false;
  do {
    const page = await call(client.send(new GetQueryResultsCommand({ QueryExecutionId: id, NextToken: token, MaxResults: Math.min(MAX_PAGE_ROWS, batchRows ?? MAX_PAGE_ROWS) })));
    if (first) {
      const described = (page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? []).map((info) => athenaColumn(info.Name ?? '', athenaTypeName(info)));
      columns = described.map(({ column }) => column);
      converts = described.map(({ convert }) => convert);
    }
    const rows = (page.ResultSet?.Rows ?? []).slice(first ? 1 : 0).map(({ Data = [] }) =>
      columns.map((_, index) => {
        const text = Data[index]?.VarCharValue;
        return text === undefined ? null : converts[index]!(text);
      }),
    );
    first = false;
    token = page.NextToken;
    if (rows.length > 0) {
      yield { columns, rows };
      yielded = true;
    }
  } while (token);
  if (!yielded) yield { columns, rows: [] };
}

/** The statement as sent: a query only, its `$n` as `?` with the values as literals. */
function bound(sql: string, params: readonly unknown[]): { sql: string; values: string[] } {
  const text = sql.replace(/[\s;]+$/, '');
  if (!isTrinoQuery(text)) throw notAQuery();
  try {
    const { sql: statement, values } = questionMarks(text, params);
    return { sql: statement, values: values.map(trinoLiteral) };
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
}

async function* runQuery(endpointFor: AthenaEndpoint, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const statement = bound(sql, params);
  const settings = target.options as unknown as AthenaOptions;
  const session = await openSession(endpointFor, target, options, 'Query failed');
  const { client, stopper } = session;
  try {
    // Not raced with the stop: once the query has an id, a stop (even an earlier one) stops it on Athena.
    const started = await client
      .send(
        new StartQueryExecutionCommand({
          QueryString: statement.sql,
          ExecutionParameters: statement.values.length > 0 ? statement.values : undefined,
          QueryExecutionContext: { Catalog: settings.catalog ?? DEFAULT_CATALOG },
          ResultConfiguration: { OutputLocation: settings.outputLocation },
          WorkGroup: settings.workgroup,
        }),
      )
      .catch((error: unknown) => {
        throw awsError(error, target, 'Query failed');
      });
    const id = started.QueryExecutionId!;
    stopper.onStop(() => client.send(new StopQueryExecutionCommand({ QueryExecutionId: id })));
    await finished(session, id, target);
    yield* results(session, id, options.batchRows);
  } finally {
    await session.close();
  }
}

async function describe(endpointFor: AthenaEndpoint, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): Promise<ConnectorColumn[]> {
  let columns: ConnectorColumn[] = [];
  for await (const batch of runQuery(endpointFor, target, sql, params, options)) columns = [...batch.columns];
  return columns;
}

/** Every page of a listing that pages with NextToken. */
async function allPages<T>(read: (token: string | undefined) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const all: T[] = [];
  let token: string | undefined;
  do {
    const { items, next } = await read(token);
    all.push(...items);
    token = next;
  } while (token);
  return all;
}

async function listSchema({ client, call }: Session, catalog: string, path: readonly string[]): Promise<SchemaEntry[]> {
  if (path.length === 0) {
    const databases = await allPages(async (NextToken) => {
      const answer = await call(client.send(new ListDatabasesCommand({ CatalogName: catalog, NextToken })));
      return { items: answer.DatabaseList ?? [], next: answer.NextToken };
    });
    return databases.map(({ Name }) => ({ name: Name ?? '', kind: 'schema' }));
  }
  if (path.length === 1) {
    const tables = await allPages(async (NextToken) => {
      const answer = await call(client.send(new ListTableMetadataCommand({ CatalogName: catalog, DatabaseName: path[0], NextToken })));
      return { items: answer.TableMetadataList ?? [], next: answer.NextToken };
    });
    return tables.map(({ Name }) => ({ name: Name ?? '', kind: 'table' }));
  }
  const { TableMetadata: table } = await call(client.send(new GetTableMetadataCommand({ CatalogName: catalog, DatabaseName: path[0], TableName: path[1] })));
  // Partition keys are columns too, after the others (as SELECT * gives them).
  return [...(table?.Columns ?? []), ...(table?.PartitionKeys ?? [])].map(({ Name, Type }) => ({ name: Name ?? '', kind: 'column', type: Type ?? 'unknown' }));
}

export function athenaConnector(endpointFor: AthenaEndpoint = awsEndpoint): WarehouseConnector {
  return {
    type: 'athena',
    kind: 'warehouse',
    dialect: 'trino',
    optionsSchema: CONNECTION_OPTIONS.athena,

    testConnection(target) {
      const workgroup = (target.options as unknown as AthenaOptions).workgroup ?? 'primary';
      return withSession(endpointFor, target, { timeoutMs: CONNECT_TIMEOUT_MS }, 'Could not connect to the database', async ({ client, call }) => {
        const answer = await call(client.send(new GetWorkGroupCommand({ WorkGroup: workgroup })));
        const version = answer.WorkGroup?.Configuration?.EngineVersion?.EffectiveEngineVersion;
        return { serverVersion: version ? `Athena (${version})` : 'Athena' };
      });
    },

    runQuery: (target, sql, params, options) => runQuery(endpointFor, target, sql, params, options),

    describeQuery(target, sql, params, options) {
      const text = sql.replace(/[\s;]+$/, '');
      if (!isTrinoQuery(text)) return Promise.reject(notAQuery());
      return describe(endpointFor, target, `SELECT * FROM (\n${text}\n) AS atlas_described LIMIT 0`, params, options);
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'database/table'));
      const catalog = (target.options as unknown as AthenaOptions).catalog ?? DEFAULT_CATALOG;
      return withSession(endpointFor, target, options, 'Query failed', (session) => listSchema(session, catalog, path));
    },
  };
}
