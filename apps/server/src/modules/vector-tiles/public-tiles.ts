// A published map's vector tiles, signed out (docs/tiles.md "Published maps"): the tile route kepler.gl's Vector Tile
// layer reads, and the TileJSON that describes the tileset to the public page, under
// /v1/maps/{id}/published-map/tilesets/{datasetId}/. Public like the published map's data route, with its check
// (publishing/public-tiles.ts); the tiles are then read as for the map's owner, with the same answers, caching headers
// and errors as /v1/datasets/{id}/tiles/…. The PMTiles archive (the whole tileset at once) is not offered.
import { TileJson, Uuid, VectorTileMetadata } from '@atlas/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { publishedTilesetReader } from '../publishing/public-tiles.js';
import { VIEW_TOKEN_HEADER } from '../publishing/view-token.js';
import { requestOrigin } from '../uploads/policy-origin.js';
import { notModified, cacheControl, sendTile } from './reply.js';
import { TileParams, VersionQuery } from './routes.js';
import { readTile, servedTileset, tileJson, type VectorTiles } from './service.js';

const tags = ['published data'];
const BASE = '/v1/maps/:id/published-map/tilesets/:datasetId';
const ViewTokenHeaders = Type.Object({
  [VIEW_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 500, description: 'The viewToken the public view answered once the password checked out' })),
});
/** The public page describes the tileset from this, as the map builder does from the record: the build's field stats too. */
const PublishedTileJson = Type.Object({ ...TileJson.properties, fieldStats: VectorTileMetadata.properties.fieldStats }, { title: 'PublishedTileJson' });
const NO_AUTH = '(no auth; X-View-Token when the map has a password)';

/** The published map's path of a tileset's tile, as kepler.gl's tile URL template (`{z}/{x}/{y}`) or one tile. */
const publishedVectorTilePath = (mapId: string, datasetId: string) => `/v1/maps/${mapId}/published-map/tilesets/${datasetId}/tiles/{z}/{x}/{y}.pbf`;

export function publicVectorTileRoutes(app: App, deps: AppDeps, vt: VectorTiles) {
  const served = async (request: FastifyRequest) => {
    const { id, datasetId } = request.params as { id: string; datasetId: string };
    const identity = await publishedTilesetReader(deps, id, datasetId, request.headers[VIEW_TOKEN_HEADER] as string | undefined);
    return servedTileset(vt, identity, datasetId);
  };

  app.get(
    `${BASE}/tiles.json`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: `TileJSON (and field stats) of a vector tileset the published map draws, its tile URLs the published map's ${NO_AUTH}`,
        params: Type.Object({ id: Uuid(), datasetId: Uuid() }),
        headers: ViewTokenHeaders,
        response: { 200: PublishedTileJson, 304: Type.Null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const tileset = await served(request);
      const etag = `W/"${tileset.tileset.version}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
      if (notModified(request, etag)) return reply.status(304).send(null);
      const { pmtiles: _archive, ...json } = tileJson(tileset, requestOrigin(request));
      const tiles = `${requestOrigin(request)}${publishedVectorTilePath(request.params.id, request.params.datasetId)}?v=${tileset.tileset.version}`;
      return { ...json, tiles: [tiles], ...(tileset.tileset.fieldStats ? { fieldStats: tileset.tileset.fieldStats } : {}) };
    },
  );

  app.get(
    `${BASE}/tiles/:z/:x/:y.pbf`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: `One tile of a vector tileset the published map draws; 204 where it has no features ${NO_AUTH}`,
        params: Type.Object({ ...TileParams.properties, datasetId: Uuid() }),
        headers: ViewTokenHeaders,
        querystring: VersionQuery,
        response: { 200: Type.Unknown({ description: 'application/vnd.mapbox-vector-tile' }), 204: Type.Null(), 304: Type.Null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { z, x, y } = request.params;
      const tileset = await served(request);
      const tile = await readTile(vt, tileset, z, x, y);
      const version = tileset.tileset.version;
      return sendTile(request, reply, tile, `W/"${version}-${z}-${x}-${y}"`, cacheControl(request.query.v, version));
    },
  );
}
