import { Type } from 'typebox';
import { errorResponses, type App } from '../../http/types.js';
import { requestOrigin } from '../uploads/policy-origin.js';
import { sendCached } from './cached-reply.js';
import { BasemapGlyphs } from './glyphs.js';
import { listStyles, styleIcon, styleJson } from './styles.js';
import { BasemapTiles } from './tiles.js';

const tags = ['basemaps'];
/** No identity needed: the basemap is public data, and map pages published to anonymous viewers draw on it. */
const open = { config: { public: true } } as const;

const StyleParams = Type.Object({ styleId: Type.String({ minLength: 1, maxLength: 64 }) });
const TileParams = Type.Object({
  z: Type.Integer({ minimum: 0, maximum: 24 }),
  x: Type.Integer({ minimum: 0 }),
  y: Type.Integer({ minimum: 0 }),
});
const GlyphParams = Type.Object({
  fontstack: Type.String({ minLength: 1, maxLength: 256 }),
  range: Type.String({ pattern: '^[0-9]{1,5}-[0-9]{1,5}$' }),
});
const BasemapList = Type.Array(Type.Object({ id: Type.String(), label: Type.String(), styleUrl: Type.String(), iconUrl: Type.String() }));

const HOUR = 3600;
const DAY = 24 * HOUR;
/** The style and the list name this server by the address the client used (TRUST_PROXY decides whether forwarded headers count). */
const ORIGIN_HEADERS = ['Host', 'X-Forwarded-Host', 'X-Forwarded-Proto'];
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Our offline basemap (docs/basemap.md): styles, vector tiles and glyphs, built from data npm packages ship. */
export function basemapRoutes(app: App) {
  const tiles = new BasemapTiles();
  const glyphs = new BasemapGlyphs();

  app.get(
    '/v1/basemaps',
    { ...open, schema: { tags, summary: 'The basemap styles this server serves', security: [], response: { 200: BasemapList } } },
    (request, reply) => {
      reply.header('cache-control', `public, max-age=${HOUR}`).header('vary', ORIGIN_HEADERS.join(', '));
      return listStyles(requestOrigin(request));
    },
  );

  app.get(
    '/v1/basemaps/:styleId/style.json',
    {
      ...open,
      schema: {
        tags,
        summary: 'A MapLibre style (version 8) with absolute tile and glyph URLs on this server',
        security: [],
        params: StyleParams,
        response: { 200: Type.Unknown({ description: 'application/json: a MapLibre style' }), ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, {
        body: json(styleJson(request.params.styleId, requestOrigin(request))),
        gzipped: false,
        contentType: 'application/json; charset=utf-8',
        maxAgeSeconds: HOUR,
        vary: ORIGIN_HEADERS,
      }),
  );

  app.get(
    '/v1/basemaps/:styleId/icon.svg',
    {
      ...open,
      schema: { tags, summary: 'A preview picture of a style', security: [], params: StyleParams, response: { 200: Type.Unknown({ description: 'image/svg+xml' }), ...errorResponses(400, 404) } },
    },
    (request, reply) =>
      sendCached(request, reply, { body: Buffer.from(styleIcon(request.params.styleId)), gzipped: false, contentType: 'image/svg+xml; charset=utf-8', maxAgeSeconds: DAY }),
  );

  app.get(
    '/v1/basemaps/tiles/:z/:x/:y.pbf',
    {
      ...open,
      schema: {
        tags,
        summary: 'A vector tile (Mapbox Vector Tile 2) of the basemap; zoom 0 to 10',
        security: [],
        params: TileParams,
        response: { 200: Type.Unknown({ description: 'application/x-protobuf' }), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { z, x, y } = request.params;
      return sendCached(request, reply, { body: await tiles.tile(z, x, y), gzipped: true, contentType: 'application/x-protobuf', maxAgeSeconds: DAY });
    },
  );

  app.get(
    '/v1/basemaps/glyphs/:fontstack/:range.pbf',
    {
      ...open,
      schema: {
        tags,
        summary: 'Glyphs (signed distance fields) of 256 code points of a font, as MapLibre asks for them',
        security: [],
        params: GlyphParams,
        response: { 200: Type.Unknown({ description: 'application/x-protobuf' }), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { fontstack, range } = request.params;
      return sendCached(request, reply, { body: await glyphs.glyphs(fontstack, range), gzipped: true, contentType: 'application/x-protobuf', maxAgeSeconds: 7 * DAY });
    },
  );
}
