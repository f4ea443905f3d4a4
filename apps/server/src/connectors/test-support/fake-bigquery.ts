// Google BigQuery in miniature for tests: Google's OAuth token endpoint (a service account's JWT assertion, its RS256
// signature checked with the account's public key, exchanged for an access token) and BigQuery's REST API v2 (jobs
// insert with dry runs answering the statement type, query jobs running in the background, getQueryResults paged by
// pageToken with jobComplete: false while they run, jobs cancel, datasets, tables and a table's schema), answering
// with the API's legacy type names and raw row values. An in-memory DuckDB runs the SQL (its schemas are the
// datasets), so @google-cloud/bigquery's and google-auth-library's own code runs against it.
import { text } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { DuckDBTypeId, StatementType, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { backticksAsDoubleQuotes } from './backtick-names.js';
import { memoryWarehouse, onConnection } from './memory-warehouse.js';
import { fakeGoogleTokens, type ServiceAccount } from './fake-google-token.js';
import { listenOnLoopback } from './loopback.js';

export interface FakeBigQueryOptions {
  project: string;
  /** Creates the datasets (DuckDB schemas) and tables. */
  setup: string;
  /** The one service account that may sign in. */
  account: ServiceAccount;
  /** Columns (by name) the API reports as GEOGRAPHY, their values WKT text. */
  geography?: string[];
  /** Rows per getQueryResults page at most (besides the client's maxResults). */
  pageRows?: number;
}

export interface FakeBigQuery {
  /** The API's origin (apiEndpoint). */
  api: string;
  /** The token endpoint. */
  token: string;
  /** Every job inserted: its SQL, parameters and whether it was a dry run. */
  jobs(): Array<{ query: string; dryRun: boolean; parameters: Array<{ type: string; value: unknown }>; jobTimeoutMs?: string }>;
  /** Ids of the jobs cancelled. */
  cancelled(): string[];
  /** Bearer tokens issued. */
  tokensIssued(): number;
  close(): Promise<void>;
}

interface Field {
  name: string;
  type: string;
  mode: 'NULLABLE';
}

interface Job {
  id: string;
  state: 'RUNNING' | 'DONE';
  error?: { reason: string; message: string };
  fields: Field[];
  rows: Array<{ f: Array<{ v: string | null }> }>;
  done: Promise<void>;
  stop(): void;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const LEGACY_TYPES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'BOOLEAN',
  [DuckDBTypeId.TINYINT]: 'INTEGER',
  [DuckDBTypeId.SMALLINT]: 'INTEGER',
  [DuckDBTypeId.INTEGER]: 'INTEGER',
  [DuckDBTypeId.BIGINT]: 'INTEGER',
  [DuckDBTypeId.FLOAT]: 'FLOAT',
  [DuckDBTypeId.DOUBLE]: 'FLOAT',
  [DuckDBTypeId.DECIMAL]: 'NUMERIC',
  [DuckDBTypeId.VARCHAR]: 'STRING',
  [DuckDBTypeId.DATE]: 'DATE',
  [DuckDBTypeId.TIMESTAMP]: 'DATETIME',
  [DuckDBTypeId.TIMESTAMP_TZ]: 'TIMESTAMP',
};
// What DuckDB type a query parameter of a BigQuery type is.
const DUCKDB_TYPES: Record<string, string> = { INT64: 'BIGINT', FLOAT64: 'DOUBLE', NUMERIC: 'DECIMAL(38, 9)', STRING: 'VARCHAR', BOOL: 'BOOLEAN', TIMESTAMP: 'TIMESTAMPTZ', DATE: 'DATE' };
// DuckDB's catalogue names of column types, as BigQuery's.
const CATALOG_TYPES: Record<string, string> = { BIGINT: 'INTEGER', INTEGER: 'INTEGER', DOUBLE: 'FLOAT', VARCHAR: 'STRING', BOOLEAN: 'BOOLEAN', DATE: 'DATE', 'TIMESTAMP WITH TIME ZONE': 'TIMESTAMP' };

/** A value as the API sends it in a row: text, TIMESTAMP as microseconds since the epoch (useInt64Timestamp). */
function rawValue(value: DuckDBValue, type: DuckDBType): string | null {
  if (value === null) return null;
  if (type.typeId === DuckDBTypeId.TIMESTAMP_TZ) return (value as unknown as { micros: bigint }).micros.toString();
  if (type.typeId === DuckDBTypeId.DECIMAL) return value.toString();
  const json = toJsonValue(value);
  return typeof json === 'object' ? JSON.stringify(json) : String(json);
}

/** The API's error answer: `{ error: { code, message, errors: [{ reason, message }], status } }`. */
function sendError(response: http.ServerResponse, error: ApiError): void {
  const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 404: 'NOT_FOUND' }[error.code] ?? 'INTERNAL';
  response.writeHead(error.code, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { code: error.code, message: error.message, errors: [{ message: error.message, domain: 'global', reason: error.reason }], status } }));
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function fakeBigQuery(options: FakeBigQueryOptions): Promise<FakeBigQuery> {
  const instance = await memoryWarehouse(options.setup);
  const jobs = new Map<string, Job>();
  const inserted: ReturnType<FakeBigQuery['jobs']> = [];
  const cancelled: string[] = [];
  const google = fakeGoogleTokens(options.account);
  const geography = new Set(options.geography ?? []);

  const fieldOf = (name: string, type: DuckDBType): Field => ({ name, type: geography.has(name) ? 'GEOGRAPHY' : (LEGACY_TYPES[type.typeId] ?? 'STRING'), mode: 'NULLABLE' });

  const withConnection = <T>(work: (connection: DuckDBConnection) => Promise<T>) => onConnection(instance, work);

  /** The parameters' values as DuckDB values of their types. */
  async function parameterValues(connection: DuckDBConnection, parameters: Array<{ type: string; value: unknown }>): Promise<DuckDBValue[]> {
    if (parameters.length === 0) return [];
    const casts = parameters.map(({ type, value }) => `CAST(${value === null || value === undefined ? 'NULL' : literal(String(value))} AS ${DUCKDB_TYPES[type] ?? 'VARCHAR'})`);
    return (await connection.runAndReadAll(`SELECT ${casts.join(', ')}`)).getRows()[0]!;
  }

  /** A dry run: the statement type and result fields, or BigQuery's refusal of the SQL. */
  async function dryRun(bigquerySql: string): Promise<{ statementType: string; fields: Field[] }> {
    const query = backticksAsDoubleQuotes(bigquerySql, 'backslash');
    return withConnection(async (connection) => {
      try {
        if ((await connection.extractStatements(query)).count > 1) return { statementType: 'SCRIPT', fields: [] };
        const prepared = await connection.prepare(query);
        try {
          const type = prepared.statementType;
          const fields = Array.from({ length: prepared.columnCount }, (_, index) => fieldOf(prepared.columnName(index), prepared.columnType(index)));
          return { statementType: StatementType[type] ?? 'UNKNOWN', fields: type === StatementType.SELECT ? fields : [] };
        } finally {
          prepared.destroySync();
        }
      } catch (error) {
        throw new ApiError(400, 'invalidQuery', (error as Error).message.split('\n')[0]!);
      }
    });
  }

  async function start(id: string, query: string, parameters: Array<{ type: string; value: unknown }>): Promise<Job> {
    const connection = await instance.connect();
    let stopped = false;
    const job: Job = {
      id,
      state: 'RUNNING',
      fields: [],
      rows: [],
      done: Promise.resolve(),
      stop() {
        stopped = true;
        connection.interrupt();
      },
    };
    const run = async () => {
      const values = await parameterValues(connection, parameters);
      const prepared = await connection.prepare(backticksAsDoubleQuotes(query, 'backslash'));
      try {
        if (values.length > 0) prepared.bind(values);
        const reader = await prepared.runAndReadAll();
        const types = reader.columnTypes();
        job.fields = reader.columnNames().map((name, index) => fieldOf(name, types[index]!));
        job.rows = reader.getRows().map((row) => ({ f: row.map((value, index) => ({ v: rawValue(value, types[index]!) })) }));
      } finally {
        prepared.destroySync();
      }
    };
    job.done = run()
      .catch((error: Error) => {
        job.error = stopped ? { reason: 'stopped', message: 'Job execution was cancelled: User requested cancellation' } : { reason: 'invalidQuery', message: error.message.split('\n')[0]! };
      })
      .finally(() => {
        job.state = 'DONE';
        connection.closeSync();
      });
    jobs.set(job.id, job);
    return job;
  }

  const jobOf = (id: string) => {
    const job = jobs.get(id);
    if (!job) throw new ApiError(404, 'notFound', `Not found: Job ${options.project}:${id}`);
    return job;
  };

  const jobResource = (id: string, state: string, extra: Record<string, unknown> = {}) => ({
    kind: 'bigquery#job',
    id: `${options.project}:US.${id}`,
    jobReference: { projectId: options.project, jobId: id, location: 'US' },
    status: { state },
    ...extra,
  });

  async function insertJob(body: { jobReference?: { jobId?: string }; configuration?: Record<string, unknown> }): Promise<unknown> {
    const configuration = body.configuration ?? {};
    const query = configuration.query as { query: string; queryParameters?: Array<{ parameterType: { type: string }; parameterValue?: { value?: unknown } }> };
    const parameters = (query.queryParameters ?? []).map((parameter) => ({ type: parameter.parameterType.type, value: parameter.parameterValue?.value ?? null }));
    const dry = configuration.dryRun === true;
    inserted.push({ query: query.query, dryRun: dry, parameters, ...(configuration.jobTimeoutMs ? { jobTimeoutMs: String(configuration.jobTimeoutMs) } : {}) });
    if (dry) {
      const { statementType, fields } = await dryRun(query.query);
      return jobResource(body.jobReference?.jobId ?? 'dry_run', 'DONE', { configuration, statistics: { query: { statementType, totalBytesProcessed: '0', schema: { fields } } } });
    }
    // The client names its jobs (so that a retried insert is not run twice).
    const job = await start(body.jobReference?.jobId ?? `job_${randomUUID().replaceAll('-', '')}`, query.query, parameters);
    return jobResource(job.id, 'RUNNING', { configuration });
  }

  /** getQueryResults: waits a little for the job (as the API long-polls), then a page of rows or jobComplete: false. */
  async function queryResults(id: string, search: URLSearchParams): Promise<unknown> {
    const job = jobOf(id);
    await Promise.race([job.done, new Promise((resolve) => setTimeout(resolve, Math.min(Number(search.get('timeoutMs') ?? 200), 200)))]);
    const reference = { projectId: options.project, jobId: id, location: 'US' };
    if (job.state !== 'DONE') return { kind: 'bigquery#getQueryResultsResponse', jobReference: reference, jobComplete: false };
    if (job.error) throw new ApiError(400, job.error.reason, job.error.message);
    const offset = Number(search.get('pageToken') ?? 0);
    const size = Math.min(Number(search.get('maxResults') ?? 100_000), options.pageRows ?? 100_000);
    const rows = job.rows.slice(offset, offset + size);
    const next = offset + rows.length < job.rows.length ? String(offset + rows.length) : undefined;
    return {
      kind: 'bigquery#getQueryResultsResponse',
      jobReference: reference,
      jobComplete: true,
      schema: { fields: job.fields },
      totalRows: String(job.rows.length),
      ...(rows.length > 0 ? { rows } : {}),
      ...(next ? { pageToken: next } : {}),
    };
  }

  const catalogRows = (sql: string, params: string[]) =>
    withConnection(async (connection) => {
      const prepared = await connection.prepare(sql);
      prepared.bind(params);
      return (await prepared.runAndReadAll()).getRows();
    });

  async function route(method: string, path: string[], search: URLSearchParams, body: string): Promise<unknown> {
    const [resource, dataset, tablesWord, table] = path;
    if (method === 'POST' && resource === 'jobs' && path.length === 1) return insertJob(JSON.parse(body));
    if (method === 'POST' && resource === 'jobs' && path[2] === 'cancel') {
      const job = jobOf(path[1]!);
      cancelled.push(job.id);
      if (job.state === 'RUNNING') job.stop();
      return { kind: 'bigquery#jobCancelResponse', job: jobResource(job.id, job.state) };
    }
    if (method === 'GET' && resource === 'jobs' && path.length === 2) return jobResource(jobOf(path[1]!).id, jobOf(path[1]!).state);
    if (method === 'GET' && resource === 'queries' && path.length === 2) return queryResults(path[1]!, search);
    if (method === 'GET' && resource === 'datasets' && path.length === 1) {
      const rows = await catalogRows("SELECT schema_name FROM information_schema.schemata WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog', 'main') ORDER BY 1", []);
      return { kind: 'bigquery#datasetList', datasets: rows.map(([name]) => ({ kind: 'bigquery#dataset', id: `${options.project}:${String(name)}`, datasetReference: { projectId: options.project, datasetId: String(name) }, location: 'US' })) };
    }
    if (method === 'GET' && resource === 'datasets' && tablesWord === 'tables') {
      const rows = await catalogRows('SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1', [dataset!]);
      if (rows.length === 0) throw new ApiError(404, 'notFound', `Not found: Dataset ${options.project}:${dataset}`);
      const reference = (name: string) => ({ projectId: options.project, datasetId: dataset, tableId: name });
      if (table === undefined) {
        return { kind: 'bigquery#tableList', tables: rows.map(([name, type]) => ({ kind: 'bigquery#table', id: `${options.project}:${dataset}.${String(name)}`, tableReference: reference(String(name)), type: type === 'VIEW' ? 'VIEW' : 'TABLE' })), totalItems: rows.length };
      }
      const columns = await catalogRows('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [dataset!, table]);
      if (columns.length === 0) throw new ApiError(404, 'notFound', `Not found: Table ${options.project}:${dataset}.${table}`);
      const fields = columns.map(([name, type]) => ({ name: String(name), type: geography.has(String(name)) ? 'GEOGRAPHY' : (CATALOG_TYPES[String(type)] ?? (/^DECIMAL/.test(String(type)) ? 'NUMERIC' : 'STRING')), mode: 'NULLABLE' }));
      return { kind: 'bigquery#table', id: `${options.project}:${dataset}.${table}`, tableReference: reference(table), schema: { fields }, type: 'TABLE' };
    }
    throw new ApiError(404, 'notFound', `Not found: ${method} ${path.join('/')}`);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await text(request);
    if (google.answer(request, url, body, response)) return;
    try {
      if (!google.authorized(request)) {
        throw new ApiError(401, 'unauthorized', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
      }
      const match = /^\/bigquery\/v2\/projects\/([^/]+)\/(.*)$/.exec(url.pathname);
      if (!match) throw new ApiError(404, 'notFound', `Not found: ${url.pathname}`);
      if (decodeURIComponent(match[1]!) !== options.project) throw new ApiError(404, 'notFound', `Not found: Project ${decodeURIComponent(match[1]!)}`);
      const answer = await route(request.method ?? 'GET', match[2]!.split('/').map(decodeURIComponent), url.searchParams, body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    } catch (error) {
      sendError(response, error instanceof ApiError ? error : new ApiError(500, 'internalError', (error as Error).message));
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  const origin = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return {
    api: origin,
    token: `${origin}/token`,
    jobs: () => [...inserted],
    cancelled: () => [...cancelled],
    tokensIssued: google.issued,
    async close() {
      for (const job of jobs.values()) job.stop();
      await Promise.all([...jobs.values()].map((job) => job.done));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      instance.closeSync();
    },
  };
}
