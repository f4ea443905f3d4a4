// SQL that runs on a data connection's own warehouse, never in the embedded engine, with bound parameters; and the
// connection's schema. Results stream back as Arrow with the same execution records and headers as other runs
// (pipelines on a connection are run by modules/execution).
import { SQL_PAGING_DEFAULTS, type CacheMode, type DataQueryJsonResult, type DataQueryRequest, type ParameterValues, type QueryColumn, type SchemaListing } from '@atlas/domain';
import { arrowFromBatches } from '../../connectors/arrow.js';
import { badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { connectionQueryHash, queryConnection, resolveCacheMode, runTracked, startExecution, type ExecutionStart, type QueryContext } from '../execution/index.js';

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
  const open = await queryConnection(context, identity, run.connectionId);
  const cacheMode = await resolveCacheMode(context, identity, run.cacheMode);
  return startExecution(
    context,
    identity,
    {
      kind: 'pipeline',
      queryHash: connectionQueryHash(['connection-query', open.id, open.version, run.query, params]),
      datasetVersions: {},
      recordId: run.recordId ?? null,
      parameters: run.parameters ?? {},
      cacheMode,
      maxAgeSeconds: run.maxAge,
    },
    ({ signal, timeoutMs }) => arrowFromBatches(open.connector.runQuery(open.target, run.query, params, { signal, timeoutMs })),
  );
}

/** GET /v1/data-queries/schema/{connectionId}[/schema[/table]]. */
export async function connectionSchema(context: QueryContext, identity: Identity, connectionId: string, path: string[]): Promise<SchemaListing> {
  const open = await queryConnection(context, identity, connectionId);
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
  const open = await queryConnection(context, identity, run.connectionId);
  const offset = page.offset ?? SQL_PAGING_DEFAULTS.offset;
  const limit = page.limit ?? SQL_PAGING_DEFAULTS.limit;
  const spec = {
    kind: 'pipeline' as const,
    queryHash: connectionQueryHash(['connection-query', open.id, open.version, run.query, params]),
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
