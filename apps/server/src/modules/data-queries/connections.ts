// Queries that run on a data connection's own warehouse, never in the embedded engine: raw SQL with bound
// parameters, and pipelines containing a databaseQuery (compiled for PostgreSQL into one statement, the query inlined
// as the first CTE). Results stream back as Arrow with the same execution records and headers as other runs.
import { createHash } from 'node:crypto';
import { SQL_PAGING_DEFAULTS, type CacheMode, type DataQueryJsonResult, type DataQueryRequest, type ParameterValues, type QueryColumn, type SchemaListing } from '@atlas/domain';
import { compile, PipelineError, type PipelineNode } from '@atlas/pipeline';
import { arrowFromBatches } from '../../connectors/arrow.js';
import { badRequest, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { openConnection, type OpenConnection } from '../data-connections/service.js';
import { pipelineDatasets, pipelineError } from '../query/pipeline.js';
import type { QueryContext } from './context.js';
import { resolveCacheMode, runTracked, startExecution, type ExecutionStart } from './executions.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A connection the caller may read; ids that are not UUIDs name no connection (404, like any unknown id). */
async function connection(context: QueryContext, identity: Identity, id: string): Promise<OpenConnection> {
  if (!UUID.test(id)) throw notFound('Data connection not found', `No data connection with id ${id.slice(0, 255)}`);
  return openConnection(context.db, identity, id, context.allowedConnectionHosts);
}

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

export interface ConnectionQueryRun {
  connectionId: string;
  query: string;
  parameters?: ParameterValues;
  recordId?: string | null;
  cacheMode?: CacheMode;
  maxAge?: number;
}

/** `{"1": a, "2": b}` → [a, b] for $1, $2 (a list value binds as an array, e.g. for `= ANY($1)`). */
export function positionalParameters(parameters: ParameterValues = {}): unknown[] {
  const keys = Object.keys(parameters);
  const positions = keys.map((key) => (/^[1-9][0-9]{0,4}$/.test(key) ? Number(key) : NaN));
  if (positions.some((position) => Number.isNaN(position) || position > keys.length)) {
    throw badRequest('Parameters of a query on a connection are positional', 'Give {"1": value, "2": value, …} for $1, $2, … with no gaps');
  }
  return positions.map((_, index) => parameters[String(index + 1)]);
}

/** POST /v1/data-queries with {query, parameters, connectionId}: the SQL runs on the connection, values bound as $n. */
export async function runConnectionQuery(context: QueryContext, identity: Identity, run: ConnectionQueryRun): Promise<ExecutionStart> {
  const params = positionalParameters(run.parameters);
  const open = await connection(context, identity, run.connectionId);
  const cacheMode = await resolveCacheMode(context, identity, run.cacheMode);
  return startExecution(
    context,
    identity,
    {
      kind: 'pipeline',
      queryHash: hashOf(['connection-query', open.id, open.version, run.query, params]),
      datasetVersions: {},
      recordId: run.recordId ?? null,
      parameters: run.parameters ?? {},
      cacheMode,
      maxAgeSeconds: run.maxAge,
    },
    ({ signal, timeoutMs }) => arrowFromBatches(open.connector.runQuery(open.target, run.query, params, { signal, timeoutMs })),
  );
}

/** The connection ids of a pipeline's databaseQuery nodes. */
export function databaseQueryConnections(root: PipelineNode): Set<string> {
  const found = new Set<string>();
  const seen = new Set<PipelineNode>();
  const visit = (node: PipelineNode) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type === 'databaseQuery') found.add(node.props.connectionId);
    node.inputs.forEach(visit);
  };
  visit(root);
  return found;
}

/**
 * A pipeline with databaseQuery nodes runs whole on their connection: one connection per pipeline, no dataset of the
 * embedded engine, compiled for PostgreSQL (the warehouse's own types describe the query's columns).
 */
export async function runConnectionPipeline(
  context: QueryContext,
  identity: Identity,
  node: PipelineNode,
  options: { cacheMode?: CacheMode; maxAge?: number },
): Promise<ExecutionStart> {
  const ids = [...databaseQueryConnections(node)];
  if (ids.length > 1) throw invalidInput('A pipeline runs on one connection', `Its databaseQuery nodes name ${ids.length} connections`);
  const datasets = pipelineDatasets(node);
  if (datasets.length > 0) {
    throw invalidInput('Datasets cannot be mixed into a pipeline that runs on a connection', `The pipeline reads dataset ${datasets[0]} of the embedded engine and a databaseQuery`);
  }
  const open = await connection(context, identity, ids[0]!);
  let compiled;
  try {
    compiled = await compile(node, {
      dialect: 'postgres',
      resolveDataset: (uuid) => {
        throw invalidInput('Datasets cannot be mixed into a pipeline that runs on a connection', `Dataset ${uuid}`);
      },
      describeDatabaseQuery: (request) => open.connector.describeQuery(open.target, request.query, request.params, { timeoutMs: context.timeoutMs }),
    });
  } catch (error) {
    if (error instanceof PipelineError) throw pipelineError(error);
    throw error;
  }
  const { sql, params } = compiled;
  const cacheMode = await resolveCacheMode(context, identity, options.cacheMode);
  return startExecution(
    context,
    identity,
    { kind: 'pipeline', queryHash: hashOf(['connection-pipeline', node.hash, open.id, open.version]), datasetVersions: {}, cacheMode, maxAgeSeconds: options.maxAge },
    ({ signal, timeoutMs }) => arrowFromBatches(open.connector.runQuery(open.target, sql, params, { signal, timeoutMs })),
  );
}

/** GET /v1/data-queries/schema/{connectionId}[/schema[/table]]. */
export async function connectionSchema(context: QueryContext, identity: Identity, connectionId: string, path: string[]): Promise<SchemaListing> {
  const open = await connection(context, identity, connectionId);
  if (path.length > 2) throw badRequest('Schema paths have at most two parts', 'schema/table');
  const items = await open.connector.listSchema(open.target, path, { timeoutMs: context.timeoutMs });
  return { path, items };
}

/** POST /v1/data-queries (and /json) with connectionId: {query, parameters, connectionId} only; null without connectionId. */
export function connectionRunOf(request: DataQueryRequest): (ConnectionQueryRun & Pick<DataQueryRequest, 'mapId' | 'insightId' | 'workbookId'>) | null {
  if (request.connectionId === undefined) return null;
  if (request.query === undefined) throw badRequest('A query on a connection needs query', 'Send query (SQL for the connection) with connectionId');
  const extra = (['queryTemplateId', 'datasetId', 'rollup'] as const).filter((field) => request[field] !== undefined);
  if (extra.length > 0) throw badRequest('A query on a connection takes query and parameters', `Remove ${extra.join(', ')}; query templates run over datasets`);
  const { connectionId, query, parameters, cacheMode, maxAge, mapId, insightId, workbookId } = request;
  return { connectionId, query, parameters, cacheMode, maxAge, mapId, insightId, workbookId };
}

const jsonValue = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
};

/** POST /v1/data-queries/json with connectionId: one page of rows (not cached); total counts the whole result. */
export async function runConnectionQueryJson(
  context: QueryContext,
  identity: Identity,
  run: ConnectionQueryRun,
  page: { offset?: number; limit?: number },
): Promise<DataQueryJsonResult> {
  const params = positionalParameters(run.parameters);
  const open = await connection(context, identity, run.connectionId);
  const offset = page.offset ?? SQL_PAGING_DEFAULTS.offset;
  const limit = page.limit ?? SQL_PAGING_DEFAULTS.limit;
  const spec = {
    kind: 'pipeline' as const,
    queryHash: hashOf(['connection-query', open.id, open.version, run.query, params]),
    datasetVersions: {},
    recordId: run.recordId ?? null,
    parameters: run.parameters ?? {},
  };
  const { execution, result } = await runTracked(
    context,
    identity,
    spec,
    async ({ signal, timeoutMs }) => {
      let columns: QueryColumn[] = [];
      const rows: Record<string, unknown>[] = [];
      let total = 0;
      for await (const batch of open.connector.runQuery(open.target, run.query, params, { signal, timeoutMs })) {
        columns = batch.columns.map((column) => ({ name: column.name, type: column.type }));
        for (const values of batch.rows) {
          if (total >= offset && rows.length < limit) rows.push(Object.fromEntries(batch.columns.map((column, index) => [column.name, jsonValue(values[index])])));
          total++;
        }
      }
      return { columns, rows, total };
    },
    (result) => result.total,
  );
  return { executionId: execution.id, columns: result.columns, rows: result.rows, total: result.total, offset, limit };
}
