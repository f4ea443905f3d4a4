// Running a parsed pipeline: in the embedded engine over the caller's datasets, or whole on its connection when it
// reads a databaseQuery or a SQL dataset. The one path POST /query, /tileset, /v1/datasets/query and vector tiling share.
import type { CacheMode } from '@atlas/domain';
import type { PipelineNode } from '@atlas/pipeline';
import type { Identity } from '../../http/identity.js';
import { databaseQueryConnections, runConnectionPipeline } from './connection-pipeline.js';
import type { QueryContext } from './context.js';
import { resolveCacheMode, startExecution, type ExecutionStart } from './executions.js';
import { preparePipeline } from './pipeline.js';
import { withSqlDatasets } from './sql-datasets.js';

export interface RunOptions {
  cacheMode?: CacheMode;
  maxAge?: number;
}

/** A pipeline's result as an Arrow stream with its execution record (cached by its hash and data versions). */
export async function runPipeline(context: QueryContext, identity: Identity, parsed: PipelineNode, options: RunOptions): Promise<ExecutionStart> {
  const { node, fromDatasets } = await withSqlDatasets(context, identity, parsed);
  if (databaseQueryConnections(node).size > 0) return runConnectionPipeline(context, identity, node, options, fromDatasets);
  const prepared = await preparePipeline(context, identity, node);
  const cacheMode = await resolveCacheMode(context, identity, options.cacheMode);
  const datasetIds = Object.keys(prepared.datasetVersions);
  const { sql, params } = prepared.compiled;
  return startExecution(
    context,
    identity,
    {
      kind: 'pipeline',
      queryHash: node.hash,
      datasetVersions: prepared.datasetVersions,
      datasetId: datasetIds.length === 1 ? datasetIds[0]! : null,
      cacheMode,
      maxAgeSeconds: options.maxAge,
    },
    ({ signal, timeoutMs }) => context.engine.queryArrow(sql, params, { signal, timeoutMs }),
  );
}
