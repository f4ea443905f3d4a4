// Pipelines that run on a data connection's own warehouse, never in the embedded engine: compiled into one statement
// (the databaseQuery inlined as the first CTE) and streamed back as Arrow with the same execution records as others.
import { createHash } from 'node:crypto';
import type { CacheMode } from '@atlas/domain';
import { compile, PipelineError, type PipelineNode } from '@atlas/pipeline';
import { arrowFromBatches } from '../../connectors/arrow.js';
import { notDatabaseConnection } from '../../connectors/index.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { openConnection, type OpenConnection } from '../data-connections/service.js';
import type { QueryContext } from './context.js';
import { resolveCacheMode, startExecution, type ExecutionStart } from './executions.js';
import { pipelineDatasets, pipelineError } from './pipeline.js';
import type { WithSqlDatasets } from './sql-datasets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A connection the caller may read; ids that are not UUIDs name no connection (404, like any unknown id). */
export async function queryConnection(context: QueryContext, identity: Identity, id: string): Promise<OpenConnection> {
  if (!UUID.test(id)) throw notFound('Data connection not found', `No data connection with id ${id.slice(0, 255)}`);
  return openConnection(context.db, identity, id, context.allowedConnectionHosts);
}

/** The cache key part of a query on a connection: what runs, on which connection at which version. */
export const connectionQueryHash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** A pipeline's databaseQuery nodes. */
function databaseQueries(root: PipelineNode): Set<Extract<PipelineNode, { type: 'databaseQuery' }>> {
  const found = new Set<Extract<PipelineNode, { type: 'databaseQuery' }>>();
  const visit = (node: PipelineNode) => {
    if (node.type === 'databaseQuery') found.add(node);
    node.inputs.forEach(visit);
  };
  visit(root);
  return found;
}

/** The connection ids of a pipeline's databaseQuery nodes. */
export const databaseQueryConnections = (root: PipelineNode) => new Set([...databaseQueries(root)].map((node) => node.props.connectionId));

/**
 * The pipeline's one connection: opened already when every databaseQuery on it came from a SQL dataset the caller may
 * read, else through the caller's own read access on the connection (SQL the caller wrote needs it).
 */
async function pipelineConnection(context: QueryContext, identity: Identity, root: PipelineNode, id: string, fromDatasets: WithSqlDatasets['fromDatasets']) {
  const opened = fromDatasets.connections.get(id);
  const written = [...databaseQueries(root)].some((node) => !fromDatasets.nodes.has(node));
  return opened && !written ? opened : queryConnection(context, identity, id);
}

/**
 * A pipeline with databaseQuery nodes (SQL datasets among them) runs whole on their connection: one connection per
 * pipeline, no dataset of the embedded engine, compiled in the connection's own dialect (its connector's `dialect`;
 * the warehouse's own types describe the query's columns). Storage connections hold files: refused before compiling.
 */
export async function runConnectionPipeline(
  context: QueryContext,
  identity: Identity,
  node: PipelineNode,
  options: { cacheMode?: CacheMode; maxAge?: number },
  fromDatasets: WithSqlDatasets['fromDatasets'],
): Promise<ExecutionStart> {
  const ids = [...databaseQueryConnections(node)];
  if (ids.length > 1) throw invalidInput('A pipeline runs on one connection', `Its databaseQuery nodes name ${ids.length} connections`);
  const datasets = pipelineDatasets(node);
  if (datasets.length > 0) {
    throw invalidInput('Datasets cannot be mixed into a pipeline that runs on a connection', `The pipeline reads dataset ${datasets[0]} of the embedded engine and a databaseQuery`);
  }
  const open = await pipelineConnection(context, identity, node, ids[0]!, fromDatasets);
  const connector = open.connector;
  if (connector.kind !== 'warehouse') throw notDatabaseConnection(connector.type);
  let compiled;
  try {
    compiled = await compile(node, {
      dialect: connector.dialect,
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
    { kind: 'pipeline', queryHash: connectionQueryHash(['connection-pipeline', node.hash, open.id, open.version]), datasetVersions: {}, cacheMode, maxAgeSeconds: options.maxAge },
    ({ signal, timeoutMs }) => arrowFromBatches(open.connector.runQuery(open.target, sql, params, { signal, timeoutMs })),
  );
}

