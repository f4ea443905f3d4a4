import { AppStatusCode, Dataset, TileJson, Uuid, VectorTileRequest } from '@atlas/domain';
import { Type } from 'typebox';
import { AppError } from '../../http/errors.js';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { requestOrigin } from '../uploads/policy-origin.js';
import { vectorTiles } from './context.js';
import { PMTILES_CONTENT_TYPE } from './files.js';
import { publicVectorTileRoutes } from './public-tiles.js';
import { cacheControl, notModified, parseRange, rangeApplies, sendTile } from './reply.js';
import { readArchive, readTile, servedTileset, tileDataset, tileJson } from './service.js';

const tags = ['datasets'];
const IdParams = Type.Object({ id: Uuid() });
export const TileParams = Type.Object({
  id: Uuid(),
  z: Type.Integer({ minimum: 0, maximum: 30 }),
  x: Type.Integer({ minimum: 0 }),
  y: Type.Integer({ minimum: 0 }),
});
export const VersionQuery = Type.Object(
  { v: Type.Optional(Type.String({ maxLength: 64, description: 'The build the URL names (TileJSON adds it): cached for long when current' })) },
  { additionalProperties: false },
);

/** Vector tilesets (docs/vector-tiles.md): POST /v1/datasets/vectortile, and their tiles, archive and TileJSON. */
export function vectorTileRoutes(app: App, deps: AppDeps) {
  const vt = vectorTiles(app, deps);
  publicVectorTileRoutes(app, deps, vt);

  app.post(
    '/v1/datasets/vectortile',
    {
      schema: {
        tags,
        summary: "Build vector tiles (mvt or pmtiles) from a dataset's geometries: a new vector-tile dataset, pending until built",
        description:
          'The geometry comes from a GeoJSON or WKT column, or latitude and longitude columns (named, or as the dataset profile recognised them). Tiles are simplified by zoom and thinned where a tile would exceed maxTileBytes. The dataset answers at once as pending; metadata.vectorTile.progress goes to 1 and the status to ready (or error, errorMessage saying why). Building copies the data: it needs copy permission on the source.',
        body: VectorTileRequest,
        response: { 202: Dataset, ...errorResponses(400, 401, 402, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(202).send(await tileDataset(vt, requireIdentity(request.identity), request.body)),
  );

  app.get(
    '/v1/datasets/:id/tiles.json',
    {
      schema: { tags, summary: 'TileJSON of a vector tileset (tile URLs name its current build)', params: IdParams, response: { 200: TileJson, 304: Type.Null(), ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      const served = await servedTileset(vt, requireIdentity(request.identity), request.params.id);
      const etag = `W/"${served.tileset.version}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
      if (notModified(request, etag)) return reply.status(304).send(null);
      return tileJson(served, requestOrigin(request));
    },
  );

  app.get(
    '/v1/datasets/:id/tiles/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        summary: 'One tile of a vector tileset (Mapbox Vector Tile 2, gzipped for clients that take it); 204 where the tileset has no features',
        params: TileParams,
        querystring: VersionQuery,
        response: { 200: Type.Unknown({ description: 'application/vnd.mapbox-vector-tile' }), 204: Type.Null(), 304: Type.Null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id, z, x, y } = request.params;
      const served = await servedTileset(vt, requireIdentity(request.identity), id);
      const tile = await readTile(vt, served, z, x, y);
      const version = served.tileset.version;
      return sendTile(request, reply, tile, `W/"${version}-${z}-${x}-${y}"`, cacheControl(request.query.v, version));
    },
  );

  app.get(
    '/v1/datasets/:id/tiles.pmtiles',
    {
      schema: {
        tags,
        summary: 'The PMTiles v3 archive of a pmtiles tileset, whole or by byte range (Range: bytes=…, If-Range)',
        params: IdParams,
        querystring: VersionQuery,
        response: { 200: Type.Unknown({ description: PMTILES_CONTENT_TYPE }), 206: Type.Unknown({ description: 'the range asked for' }), 304: Type.Null(), ...errorResponses(400, 401, 404, 416) },
      },
    },
    async (request, reply) => {
      const served = await servedTileset(vt, requireIdentity(request.identity), request.params.id);
      const archive = await readArchive(vt, served);
      const etag = `"${served.tileset.version}"`;
      reply.header('cache-control', cacheControl(request.query.v, served.tileset.version)).header('etag', etag).header('accept-ranges', 'bytes');
      if (notModified(request, etag)) return reply.status(304).send(null);
      const range = rangeApplies(request, etag) ? parseRange(request.headers.range, archive.size) : null;
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${archive.size}`);
        throw new AppError(416, 'Range not satisfiable', AppStatusCode.BadRequest, `The archive has ${archive.size} bytes`);
      }
      reply.type(PMTILES_CONTENT_TYPE);
      if (!range) return reply.header('content-length', String(archive.size)).send(archive.stream(0, archive.size - 1));
      reply.header('content-range', `bytes ${range.start}-${range.end}/${archive.size}`).header('content-length', String(range.end - range.start + 1));
      return reply.status(206).send(archive.stream(range.start, range.end));
    },
  );
}
