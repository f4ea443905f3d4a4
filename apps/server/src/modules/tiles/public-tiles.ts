// A published map's hex tiles, signed out (docs/tiles.md "Published maps"): the tile proxy's routes the map builder's
// Hex Tile layer and tileset description read, under /v1/maps/{id}/published-map/tilesets/{datasetId}/. Public like
// the published map's data route, with its check (publishing/public-tiles.ts); the tile services then run as for the
// map's owner, with the same answers, caching headers and errors as /v1/tileset/{datasetId}/….
import { HextileIndex, HextileMetadata, QuantileRow, TileProxyQuery, Uuid } from '@atlas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types.js';
import { publishedTilesetReader } from '../publishing/public-tiles.js';
import { VIEW_TOKEN_HEADER } from '../publishing/view-token.js';
import { HexId, ifNoneMatch, jsonResponse, sendJson, sendTile, tileResponse, TILE_MAX_AGE_SECONDS, Z } from './routes.js';
import { serveTile, tilesetIndex, tilesetMetadata, tilesetQuantiles, type TileDeps, type TimeSelection } from './service.js';

const tags = ['published data'];
const BASE = '/v1/maps/:id/published-map/tilesets/:datasetId';
const ViewTokenHeaders = Type.Object({
  [VIEW_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 500, description: 'The viewToken the public view answered once the password checked out' })),
});
const MapTileset = { id: Uuid(), datasetId: Uuid() };
const config = { public: true };

type Params = { id: string; datasetId: string } & Record<string, unknown>;

export function publicTileRoutes(app: App, appDeps: AppDeps, deps: TileDeps) {
  const reader = (request: FastifyRequest) => {
    const params = request.params as Params;
    return publishedTilesetReader(appDeps, params.id, params.datasetId, request.headers[VIEW_TOKEN_HEADER] as string | undefined);
  };

  const tile = (time: (params: Record<string, string>) => TimeSelection) => async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await reader(request);
    const params = request.params as { datasetId: string; z: number; hexId: string } & Record<string, string>;
    return sendTile(reply, await serveTile(deps, identity, { ...params, time: time(params) }, request.query as TileProxyQuery, ifNoneMatch(request)));
  };
  const tileSchema = (summary: string, params: Record<string, unknown>) => ({
    tags,
    summary: `${summary} (no auth; X-View-Token when the map has a password)`,
    params: Type.Object({ ...MapTileset, z: Z, hexId: HexId, ...params }),
    headers: ViewTokenHeaders,
    querystring: TileProxyQuery,
    response: tileResponse,
  });
  app.get(`${BASE}/:z/:hexId`, { config, schema: tileSchema('One hex tile of a tileset the published map draws', {}) }, tile(() => ({ kind: 'all' })));
  app.get(
    `${BASE}/:z/:hexId/time/*`,
    { config, schema: tileSchema('One hex tile of a tileset the published map draws, in one time bucket', { '*': Type.String({ maxLength: 40 }) }) },
    tile((params) => ({ kind: 'bucket', path: params['*'] ?? '' })),
  );
  app.get(
    `${BASE}/:z/:hexId/range/:interval`,
    { config, schema: tileSchema('One hex tile of a tileset the published map draws, every bucket of an interval (rows h3, time, values)', { interval: Type.String({ maxLength: 10 }) }) },
    tile((params) => ({ kind: 'range', interval: params.interval ?? '' })),
  );

  const jsonSchema = (summary: string, response: unknown, params: Record<string, unknown> = {}) => ({
    tags,
    summary: `${summary} (no auth; X-View-Token when the map has a password)`,
    params: Type.Object({ ...MapTileset, ...params }),
    headers: ViewTokenHeaders,
    querystring: TileProxyQuery,
    response: jsonResponse(response),
  });
  app.get(`${BASE}/metadata`, { config, schema: jsonSchema("The configuration, columns, area and time range of a hex tileset the published map draws", HextileMetadata) }, async (request, reply) => {
    const identity = await reader(request);
    return sendJson(reply, await tilesetMetadata(deps, identity, request.params.datasetId, request.query, ifNoneMatch(request)), null);
  });
  app.get(`${BASE}/tileset-index`, { config, schema: jsonSchema('Per tile resolution, the tiles holding data of a hex tileset the published map draws', HextileIndex) }, async (request, reply) => {
    const identity = await reader(request);
    return sendJson(reply, await tilesetIndex(deps, identity, request.params.datasetId, request.query, ifNoneMatch(request)), null);
  });

  const quantiles = async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await reader(request);
    const params = request.params as { datasetId: string; res: number; interval?: string };
    const answer = await tilesetQuantiles(deps, identity, { datasetId: params.datasetId, res: params.res, interval: params.interval ?? null }, request.query as TileProxyQuery, ifNoneMatch(request));
    return sendJson(reply, answer, TILE_MAX_AGE_SECONDS);
  };
  const QuantileRows = Type.Array(QuantileRow);
  app.get(`${BASE}/:res/quantiles`, { config, schema: jsonSchema('Quantiles of each numeric column of a hex tileset the published map draws', QuantileRows, { res: Z }) }, quantiles);
  app.get(
    `${BASE}/:res/quantiles/:interval`,
    { config, schema: jsonSchema('Quantiles per time bucket of a hex tileset the published map draws', QuantileRows, { res: Z, interval: Type.String({ maxLength: 10 }) }) },
    quantiles,
  );
}
