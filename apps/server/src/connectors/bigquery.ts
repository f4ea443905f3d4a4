// Google BigQuery with @google-cloud/bigquery, signed in with the connection's service account key (its JSON is the
// connection's secret). A statement is first sent as a dry run: BigQuery answers its statement type without running
// it, and only a SELECT runs (so neither DML, DDL nor a multi-statement script does). It then runs as a query job
// (`$n` rewritten to BigQuery's positional `?`, the values sent as typed query parameters, jobTimeoutMs as a backstop),
// its results read page by page (maxResults, pageToken) into batches; at the timeout or on cancel the job is cancelled.
// The schema browser reads datasets, tables and a table's schema.
// The client reaches two hosts: BigQuery's API and Google's OAuth token endpoint (where the key is exchanged for an
// access token). Both are checked against network.ts before each call. Where they are is the connector's
// `endpoints`: index.ts registers Google's; only tests pass others, so a key's own token_uri is never followed.
import { BigQuery, type Job } from '@google-cloud/bigquery';
import { JWT } from 'google-auth-library';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { bigqueryColumn, bigqueryParameter, bigqueryTypeName, type BigQueryField } from './bigquery-values.js';
import { driverError, notAQuery } from './errors.js';
import { connectableAddress, unreachable } from './network.js';
import { QueryStopper } from './query-stopper.js';
import { questionMarks } from './sql-text.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface BigQueryOptions {
  projectId: string;
  location?: string;
}

/** Where the client goes: BigQuery's API (`https://bigquery.googleapis.com`) and the OAuth token endpoint. */
export interface BigQueryEndpoints {
  api: string;
  token: string;
}

export const GOOGLE_ENDPOINTS: BigQueryEndpoints = { api: 'https://bigquery.googleapis.com', token: 'https://oauth2.googleapis.com/token' };

// A project ID (`my-project`, or `example.com:my-project`): it becomes part of every request's path.
const PROJECT_ID = /^[a-z0-9][a-z0-9.:-]{0,127}$/i;
const BIGQUERY_SCOPE = 'https://www.googleapis.com/auth/bigquery';
const CONNECT_TIMEOUT_MS = 10_000;
const PAGE_ROWS = 10_000;
// The job stops itself a little after the connector would have cancelled it, should the cancel not arrive.
const JOB_TIMEOUT_MARGIN_MS = 5_000;

const couldNotConnect = (details: string) => invalidInput('Could not connect to the database', details);

/** The service account key: its JSON, of which only the account's e-mail and private key are used. */
function serviceAccount(target: ConnectionTarget): { client_email: string; private_key: string } {
  const secret = target.password();
  if (!secret) throw couldNotConnect('A BigQuery connection needs its service account key (JSON)');
  let key: unknown;
  try {
    key = JSON.parse(secret);
  } catch {
    throw couldNotConnect('The service account key is not JSON (it is the key file Google Cloud gives, as it is)');
  }
  const { client_email: email, private_key: privateKey } = (key ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || typeof privateKey !== 'string') throw couldNotConnect('The service account key has no client_email or private_key');
  return { client_email: email, private_key: privateKey };
}

/**
 * A failure: BigQuery's or the token endpoint's own answer (never the key), or, with no answer, unreachable().
 * Refused credentials are a failed connection.
 */
function googleError(error: unknown, target: ConnectionTarget, what: string): unknown {
  if (error instanceof AppError) return error;
  const failure = error as { code?: unknown; status?: unknown; response?: { status?: number }; message?: string };
  const status = typeof failure.code === 'number' ? failure.code : typeof failure.status === 'number' ? failure.status : failure.response?.status;
  if (!status) return unreachable();
  const refused = status === 401 || status === 403 || /invalid_grant|invalid_client|unauthorized_client/.test(failure.message ?? '');
  return driverError(new Error(`${status}: ${failure.message ?? ''}`), target, refused ? 'Could not connect to the database' : what);
}

interface Session {
  client: BigQuery;
  stopper: QueryStopper;
  call: <T>(promise: Promise<T>) => Promise<T>;
  location?: string;
}

async function openSession(endpoints: BigQueryEndpoints, target: ConnectionTarget, options: RunOptions, what: string): Promise<Session> {
  const settings = target.options as unknown as BigQueryOptions;
  if (!PROJECT_ID.test(settings.projectId)) throw couldNotConnect(`"${settings.projectId}" is not a Google Cloud project ID`);
  const credentials = serviceAccount(target);
  // An OAuth access token for BigQuery's scope, asked of the connector's token endpoint only (whatever the key names).
  const auth = new JWT({ email: credentials.client_email, key: credentials.private_key, scopes: [BIGQUERY_SCOPE] });
  auth.transporter.interceptors.request.add({ resolved: async (config) => Object.assign(config, { url: new URL(endpoints.token) }) });
  const client = new BigQuery({ projectId: settings.projectId, location: settings.location, apiEndpoint: endpoints.api, authClient: auth });
  for (const url of [client.apiEndpoint, endpoints.token]) await connectableAddress(new URL(url).hostname, target.allowedHosts);
  const stopper = new QueryStopper(options);
  return { client, stopper, location: settings.location, call: (promise) => stopper.guard(promise, (error) => googleError(error, target, what)) };
}

async function withSession<T>(endpoints: BigQueryEndpoints, target: ConnectionTarget, options: RunOptions, what: string, work: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(endpoints, target, options, what);
  try {
    return await work(session);
  } finally {
    session.stopper.close();
  }
}

/** `$n` as `?` with the values as typed positional parameters. */
function bound(sql: string, params: readonly unknown[]): { query: string; params?: unknown[]; types?: string[] } {
  const text = sql.replace(/[\s;]+$/, '');
  try {
    const { sql: query, values } = questionMarks(text, params, 'backslash');
    if (values.length === 0) return { query };
    const typed = values.map(bigqueryParameter);
    return { query, params: typed.map(({ value }) => value), types: typed.map(({ type }) => type) };
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
}

type DryRun = { statistics?: { query?: { statementType?: string; schema?: { fields?: BigQueryField[] } } } };

/** BigQuery's dry run: the statement's type (only a SELECT runs) and its result's fields, without running it. */
async function dryRun({ client, call, location }: Session, statement: ReturnType<typeof bound>): Promise<BigQueryField[]> {
  const [job] = await call(client.createQueryJob({ ...statement, location, dryRun: true }));
  const { statementType, schema } = (job.metadata as DryRun).statistics?.query ?? {};
  if (statementType !== 'SELECT') throw notAQuery();
  return schema?.fields ?? [];
}

type ResultsPage = { jobComplete?: boolean; schema?: { fields?: BigQueryField[] }; rows?: Array<{ f: Array<{ v: unknown }> }> };

/** The job's results page by page; while the job runs, BigQuery answers jobComplete: false and is asked again. */
async function* results({ call }: Session, job: Job, batchRows: number | undefined): AsyncGenerator<QueryBatch> {
  let columns: ConnectorColumn[] | null = null;
  let converts: Array<(value: unknown) => unknown> = [];
  let yielded = false;
  let next: Record<string, unknown> | null = { maxResults: batchRows ?? PAGE_ROWS, autoPaginate: false, skipParsing: true };
  while (next) {
    const [, nextQuery, response] = (await call(job.getQueryResults(next))) as unknown as [unknown, Record<string, unknown> | null, ResultsPage];
    next = nextQuery;
    if (response.jobComplete === false) continue;
    if (!columns) {
      const described = (response.schema?.fields ?? []).map(bigqueryColumn);
      columns = described.map(({ column }) => column);
      converts = described.map(({ convert }) => convert);
    }
    const rows = (response.rows ?? []).map(({ f }) => f.map(({ v }, index) => (v === null || v === undefined ? null : converts[index]!(v))));
    if (rows.length > 0) {
      yield { columns, rows };
      yielded = true;
    }
  }
  if (!yielded) yield { columns: columns ?? [], rows: [] };
}

async function* runQuery(endpoints: BigQueryEndpoints, target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
  const statement = bound(sql, params);
  const session = await openSession(endpoints, target, options, 'Query failed');
  const { client, call, stopper, location } = session;
  try {
    await dryRun(session, statement);
    // Not raced with the stop: once the job exists, a stop (even an earlier one) cancels it.
    const [job] = await client.createQueryJob({ ...statement, location, jobTimeoutMs: options.timeoutMs + JOB_TIMEOUT_MARGIN_MS }).catch((error: unknown) => {
      throw googleError(error, target, 'Query failed');
    });
    stopper.onStop(() => job.cancel());
    yield* results(session, job, options.batchRows);
  } finally {
    stopper.close();
  }
}

async function listSchema({ client, call, location }: Session, path: readonly string[]): Promise<SchemaEntry[]> {
  if (path.length === 0) {
    const [datasets] = await call(client.getDatasets());
    return datasets.map((dataset) => ({ name: dataset.id ?? '', kind: 'schema' }));
  }
  const dataset = client.dataset(path[0]!, { location });
  if (path.length === 1) {
    const [tables] = await call(dataset.getTables());
    return tables.map((table) => ({ name: table.id ?? '', kind: 'table' }));
  }
  const [metadata] = await call(dataset.table(path[1]!).getMetadata());
  return ((metadata as { schema?: { fields?: BigQueryField[] } }).schema?.fields ?? []).map((field) => ({ name: field.name, kind: 'column', type: bigqueryTypeName(field) }));
}

export function bigqueryConnector(endpoints: BigQueryEndpoints = GOOGLE_ENDPOINTS): WarehouseConnector {
  return {
    type: 'big-query',
    kind: 'warehouse',
    dialect: 'bigquery',
    optionsSchema: CONNECTION_OPTIONS['big-query'],

    testConnection(target) {
      // A dry run: signs in, and needs the permission to run jobs in the project, but reads nothing.
      return withSession(endpoints, target, { timeoutMs: CONNECT_TIMEOUT_MS }, 'Could not connect to the database', async (session) => {
        await dryRun(session, { query: 'SELECT 1' });
        return { serverVersion: 'BigQuery' };
      });
    },

    runQuery: (target, sql, params, options) => runQuery(endpoints, target, sql, params, options),

    describeQuery(target, sql, params, options) {
      const statement = bound(sql, params);
      return withSession(endpoints, target, options, 'Query failed', async (session) => (await dryRun(session, statement)).map((field) => bigqueryColumn(field).column));
    },

    listSchema(target, path, options) {
      if (path.length > 2) return Promise.reject(new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'dataset/table'));
      return withSession(endpoints, target, options, 'Query failed', (session) => listSchema(session, path));
    },
  };
}
