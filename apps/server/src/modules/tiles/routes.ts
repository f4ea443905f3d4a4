import { Dataset, HextileIndex, HextileMetadata, HextileRequest, QuantileRow, ShapifyRequest, ShapifyResponse, TileProxyQuery } from '@atlas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { ARROW_STREAM_TYPE } from '../execution/index.js';
import { runningBuilds, startHextileBuild } from './build.js';
import { publicTileRoutes } from './public-tiles.js';
import { serveTile, tilesetIndex, tilesetMetadata, tilesetQuantiles, type JsonAnswer, type TileAnswer, type TimeSelection } from './service.js';
import { shapify } from './shapify.js';
import { TileCache } from './tile-cache.js';

const tags = ['tiles'];
/** The spec's default cache max age (§9), for tiles and quantiles: an answer of one data version never changes. */
export const TILE_MAX_AGE_SECONDS = 2_678_400;

const DatasetId = Type.String({ format: 'uuid' });
export const Z = Type.Integer({ minimum: 0, maximum: 15 });
export const HexId = Type.String({ minLength: 1, maxLength: 32 });
const TileParams = Type.Object({ datasetId: DatasetId, z: Z, hexId: HexId });
export const tileResponse = {
  200: { description: `One tile as an Arrow IPC stream (${ARROW_STREAM_TYPE}); x-tile-mode says dense or sparse`, content: { [ARROW_STREAM_TYPE]: { schema: Type.String({ format: 'binary' }) } } },
  304: { description: 'The tile named by If-None-Match is current', type: 'null' },
  ...errorResponses(400, 401, 404, 409, 422),
};
export const jsonResponse = (schema: unknown) => ({ 200: schema, 304: { description: 'Not modified', type: 'null' }, ...errorResponses(400, 401, 404, 409, 422) });

export const ifNoneMatch = (request: FastifyRequest) => request.headers['if-none-match'];

export function sendTile(reply: FastifyReply, tile: TileAnswer) {
  reply.header('etag', tile.etag).header('cache-control', `private, max-age=${TILE_MAX_AGE_SECONDS}`);
  if (tile.body === null) return reply.code(304).send();
  return reply.header('x-tile-mode', tile.mode).type(ARROW_STREAM_TYPE).send(tile.body);
}

/** Metadata and index change with every build under the same URL: revalidated each time (ETag); quantiles keep long. */
export function sendJson<T>(reply: FastifyReply, json: JsonAnswer<T>, maxAge: number | null) {
  reply.header('etag', json.etag).header('cache-control', maxAge === null ? 'private, no-cache' : `private, max-age=${maxAge}`);
  if (json.body === null) return reply.code(304).send();
  return json.body;
}

/** Hex tiles (workspace-and-catalogue.md §7): POST /v1/datasets/hextile, the tile proxy /v1/tileset/…, POST /v1/shapify. */
export function tileRoutes(app: App, appDeps: AppDeps) {
  const deps = { db: appDeps.db, engine: appDeps.engine, cache: new TileCache() };
  app.addHook('onClose', async () => void (await runningBuilds()));
  publicTileRoutes(app, appDeps, deps);

  app.post(
    '/v1/datasets/hextile',
    {
      schema: {
        tags: ['datasets'],
        summary: 'Build a hex tileset (a hex-tile dataset) from a dataset; answers it pending, it turns ready or error',
        body: HextileRequest,
        response: { 202: Dataset, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(202).send(await startHextileBuild(deps, requireIdentity(request.identity), request.body)),
  );

  const tile = (time: (params: Record<string, string>) => TimeSelection) => async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { datasetId: string; z: number; hexId: string } & Record<string, string>;
    const answer = await serveTile(deps, requireIdentity(request.identity), { ...params, time: time(params) }, request.query as TileProxyQuery, ifNoneMatch(request));
    return sendTile(reply, answer);
  };

  app.get(
    '/v1/tileset/:datasetId/:z/:hexId',
    { schema: { tags, summary: 'One hex tile: its cells (over all time for a geotemporal tileset)', params: TileParams, querystring: TileProxyQuery, response: tileResponse } },
    tile(() => ({ kind: 'all' })),
  );
  app.get(
    '/v1/tileset/:datasetId/:z/:hexId/time/*',
    {
      schema: {
        tags,
        summary: 'One hex tile in one time bucket: YYYY, YYYY/MM, YYYY/MM/DD, …/hh, …/hh/mm, …/hh/mm/ss (the depth is the interval)',
        params: Type.Object({ datasetId: DatasetId, z: Z, hexId: HexId, '*': Type.String({ maxLength: 40 }) }),
        querystring: TileProxyQuery,
        response: tileResponse,
      },
    },
    tile((params) => ({ kind: 'bucket', path: params['*'] ?? '' })),
  );
  app.get(
    '/v1/tileset/:datasetId/:z/:hexId/range/:interval',
    {
      schema: {
        tags,
        summary: 'One hex tile, every bucket of an interval (YEAR … SECOND or Y, M, D, H, T): rows h3, time, values',
        params: Type.Object({ datasetId: DatasetId, z: Z, hexId: HexId, interval: Type.String({ maxLength: 10 }) }),
        querystring: TileProxyQuery,
        response: tileResponse,
      },
    },
    tile((params) => ({ kind: 'range', interval: params.interval ?? '' })),
  );

  app.get(
    '/v1/tileset/:datasetId/metadata',
    { schema: { tags, summary: "The tileset's configuration, columns, area and time range", params: Type.Object({ datasetId: DatasetId }), querystring: TileProxyQuery, response: jsonResponse(HextileMetadata) } },
    async (request, reply) => sendJson(reply, await tilesetMetadata(deps, requireIdentity(request.identity), request.params.datasetId, request.query, ifNoneMatch(request)), null),
  );
  app.get(
    '/v1/tileset/:datasetId/tileset-index',
    { schema: { tags, summary: 'Per tile resolution, the tiles that hold data', params: Type.Object({ datasetId: DatasetId }), querystring: TileProxyQuery, response: jsonResponse(HextileIndex) } },
    async (request, reply) => sendJson(reply, await tilesetIndex(deps, requireIdentity(request.identity), request.params.datasetId, request.query, ifNoneMatch(request)), null),
  );

  const quantiles = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { datasetId: string; res: number; interval?: string };
    const answer = await tilesetQuantiles(
      deps,
      requireIdentity(request.identity),
      { datasetId: params.datasetId, res: params.res, interval: params.interval ?? null },
      request.query as TileProxyQuery,
      ifNoneMatch(request),
    );
    return sendJson(reply, answer, TILE_MAX_AGE_SECONDS);
  };
  app.get(
    '/v1/tileset/:datasetId/:res/quantiles',
    { schema: { tags, summary: 'Quantiles of each numeric column over the cells of a resolution', params: Type.Object({ datasetId: DatasetId, res: Z }), querystring: TileProxyQuery, response: jsonResponse(Type.Array(QuantileRow)) } },
    quantiles,
  );
  app.get(
    '/v1/tileset/:datasetId/:res/quantiles/:interval',
    {
      schema: {
        tags,
        summary: 'Quantiles of each numeric column over the cells of a resolution, per bucket of an interval',
        params: Type.Object({ datasetId: DatasetId, res: Z, interval: Type.String({ maxLength: 10 }) }),
        querystring: TileProxyQuery,
        response: jsonResponse(Type.Array(QuantileRow)),
      },
    },
    quantiles,
  );

  app.post(
    '/v1/shapify',
    { schema: { tags, summary: 'H3 cells into polygons, or polygons into the cells covering them at res', body: ShapifyRequest, response: { 200: ShapifyResponse, ...errorResponses(400, 401, 422) } } },
    (request) => {
      requireIdentity(request.identity);
      return shapify(request.body);
    },
  );
}
