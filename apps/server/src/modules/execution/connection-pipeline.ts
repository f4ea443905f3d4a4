// Pipelines that run on a data connection's own warehouse, never in the embedded engine: compiled into one statement
// (the databaseQuery inlined as the first CTE) and streamed back as Arrow with the same execution records as others.
import { createHash } from 'node:crypto';
import type { CacheMode } from '@atlas/domain';
import { compile, PipelineError, type PipelineNode } from '@atlas/pipeline';
import { arrowFromBatches } from '../../connectors/arrow.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { openConnection, type OpenConnection } from '../data-connections/service.js';
import type { QueryContext } from './context.js';
import { resolveCacheMode, startExecution, type ExecutionStart } from './executions.js';
import { pipelineDatasets, pipelineError } from './pipeline.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A connection the caller may read; ids that are not UUIDs name no connection (404, like any unknown id). */
export async function queryConnection(context: QueryContext, identity: Identity, id: string): Promise<OpenConnection> {
  if (!UUID.test(id)) throw notFound('Data connection not found', `No data connection with id ${id.slice(0, 255)}`);
  return openConnection(context.db, identity, id, context.allowedConnectionHosts);
}

/** The cache key part of a query on a connection: what runs, on which connection at which version. */
export const connectionQueryHash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

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
  const open = await queryConnection(context, identity, ids[0]!);
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
    { kind: 'pipeline', queryHash: connectionQueryHash(['connection-pipeline', node.hash, open.id, open.version]), datasetVersions: {}, cacheMode, maxAgeSeconds: options.maxAge },
    ({ signal, timeoutMs }) => arrowFromBatches(open.connector.runQuery(open.target, sql, params, { signal, timeoutMs })),
  );
}

