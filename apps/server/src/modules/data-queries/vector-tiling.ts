// PUT /v1/data-queries/vector-tiling: vector tiles of a query result. The query runs as any other (its execution is
// recorded, its access checks apply; never from or into the result cache, a tileset's input is read once), and its Arrow
// stream is what the tiler reads.
import type { Dataset, VectorTilingRequest } from '@atlas/domain';
import { assertCanCreate } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { readPipeline, runPipeline, type ExecutionStart, type QueryContext } from '../execution/index.js';
import { startTiling, type VectorTiles } from '../vector-tiles/index.js';
import { connectionRunOf, runConnectionQuery } from './connections.js';
import { runTemplate, templateRunOf } from './run.js';

const NO_CACHE = { cacheMode: 'no-cache' } as const;

/** The one query the request names: a pipeline, SQL on a data connection, or a query template (over a dataset). */
function runQuery(context: QueryContext, identity: Identity, request: VectorTilingRequest): Promise<ExecutionStart> {
  const { pipeline, queryTemplateId, datasetId, parameters, query, connectionId } = request;
  if (pipeline !== undefined) {
    const extra = (['queryTemplateId', 'datasetId', 'query', 'connectionId'] as const).filter((field) => request[field] !== undefined);
    if (extra.length > 0) throw badRequest('Give one query', `A pipeline comes alone; remove ${extra.join(', ')}`);
    return runPipeline(context, identity, readPipeline(pipeline), NO_CACHE);
  }
  const onConnection = connectionRunOf({ queryTemplateId, datasetId, parameters, query, connectionId });
  if (onConnection) return runConnectionQuery(context, identity, { ...onConnection, ...NO_CACHE });
  return runTemplate(context, identity, { ...templateRunOf({ queryTemplateId, datasetId, parameters, query }), ...NO_CACHE });
}

export async function tileQueryResult(context: QueryContext, tiles: VectorTiles, identity: Identity, request: VectorTilingRequest): Promise<Dataset> {
  // Before the query runs: a viewer seat could not keep its tiles anyway.
  if (!request.target) assertCanCreate(identity, 'datasets');
  const { pipeline: _pipeline, queryTemplateId, datasetId, parameters: _parameters, query: _query, connectionId, ...tiling } = request;
  const start = await runQuery(context, identity, request);
  const kind = request.pipeline !== undefined ? 'pipeline' : connectionId !== undefined ? 'connection query' : 'query template';
  return startTiling(tiles, identity, tiling, {
    stream: start.stream,
    hints: null,
    rowCount: null,
    defaultName: `Vector tiles of a ${kind}`,
    origin: { queryExecutionId: start.execution.id, ...(queryTemplateId ? { queryTemplateId } : {}), ...(datasetId ? { datasetId } : {}) },
  });
}
