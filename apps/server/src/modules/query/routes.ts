import { DatasetQueryRequest, PipelineJson, QuantileRow, QueryServiceQuery, TilesetMetadata } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { ARROW_STREAM_TYPE, assertArrowAccepted, queryContext, readPipeline, runPipeline, sendArrow, withExecutionHeader } from '../execution/index.js';
import { runTileset, tilesetMetadata, tilesetQuantiles } from './service.js';

const tags = ['query'];
const arrowResponse = {
  200: {
    description: `An Arrow IPC stream (${ARROW_STREAM_TYPE}); headers x-query-execution-id, x-cache-expires, x-cache (hit|miss|bypass), cache-control`,
    content: { [ARROW_STREAM_TYPE]: { schema: Type.String({ format: 'binary' }) } },
  },
  ...errorResponses(400, 401, 404, 406, 408, 409, 422),
};
const QuantilesBody = Type.Union([PipelineJson, Type.Array(PipelineJson, { minItems: 1, maxItems: 100 })]);
const QuantilesAnswer = Type.Union([Type.Array(QuantileRow), Type.Array(Type.Union([Type.Array(QuantileRow), Type.Null()]))]);

/**
 * The query service (workspace-and-catalogue.md §7 Query service): POST /query, /tileset, /tileset/metadata,
 * /tileset/quantiles, each taking a serialized pipeline; and the catalogue's POST /v1/datasets/query.
 * Paths outside /v1 are public for the authentication hook, so every handler requires an identity itself.
 */
export function queryRoutes(app: App, deps: AppDeps) {
  const context = queryContext(app, deps);

  app.post(
    '/query',
    {
      schema: { tags, summary: 'Run a serialized pipeline; the result is an Arrow stream (format=arrow)', querystring: QueryServiceQuery, body: PipelineJson, response: arrowResponse },
    },
    async (request, reply) => {
      const identity = requireIdentity(request.identity);
      assertArrowAccepted(request.query.format, request.headers.accept);
      const { cacheMode, maxAge } = request.query;
      const start = await withExecutionHeader(reply, () => runPipeline(context, identity, readPipeline(request.body), { cacheMode, maxAge }));
      return sendArrow(reply, start);
    },
  );

  app.post(
    '/v1/datasets/query',
    {
      schema: {
        tags: ['datasets'],
        summary: 'Run a serialized pipeline through the catalogue; the result is an Arrow stream',
        querystring: Type.Object({ format: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
        body: DatasetQueryRequest,
        response: arrowResponse,
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request.identity);
      assertArrowAccepted(request.query.format, request.headers.accept);
      const { pipeline, cacheMode, maxAge } = request.body;
      const start = await withExecutionHeader(reply, () => runPipeline(context, identity, readPipeline(pipeline), { cacheMode, maxAge }));
      return sendArrow(reply, start);
    },
  );

  app.post(
    '/tileset',
    {
      schema: { tags, summary: 'Run a hexTile, tileJoin or tileExtract pipeline; the cells as an Arrow stream', querystring: QueryServiceQuery, body: PipelineJson, response: arrowResponse },
    },
    async (request, reply) => {
      const identity = requireIdentity(request.identity);
      assertArrowAccepted(request.query.format, request.headers.accept);
      const { cacheMode, maxAge } = request.query;
      const start = await withExecutionHeader(reply, () => runTileset(context, identity, readPipeline(request.body), { cacheMode, maxAge }));
      return sendArrow(reply, start);
    },
  );

  app.post(
    '/tileset/metadata',
    {
      schema: {
        tags,
        summary: "A pipeline's output columns, row count and H3 resolutions (with an h3 column)",
        body: PipelineJson,
        response: { 200: TilesetMetadata, ...errorResponses(400, 401, 404, 408, 422) },
      },
    },
    (request) => tilesetMetadata(context, requireIdentity(request.identity), readPipeline(request.body)),
  );

  app.post(
    '/tileset/quantiles',
    {
      schema: {
        tags,
        summary: 'tileQuantiles results as JSON; for a list of pipelines one entry each, null where it failed',
        body: QuantilesBody,
        response: { 200: QuantilesAnswer, ...errorResponses(400, 401, 404, 408, 422) },
      },
    },
    (request) => tilesetQuantiles(context, requireIdentity(request.identity), request.body),
  );
}
