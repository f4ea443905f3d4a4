import {
  CreateMapAssetRequest,
  MapAsset,
  MapAssetFilesRequest,
  MapAssetList,
  MapAssetTypeSchema,
  SQL_PAGING_DEFAULTS,
  UpdateMapAssetRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import type { ListScope } from './repo.js';
import { policyIssuerFor } from '../uploads/policy-origin.js';
import * as assets from './service.js';

const tags = ['map-assets'];
const BASE = '/v1/map-assets';
const IdParams = Type.Object({ id: Uuid() });
const FileParams = Type.Object({ id: Uuid(), file: Type.Union([Type.Literal('asset'), Type.Literal('thumbnail')]) });
const TypeQuery = Type.Object({ type: Type.Optional(MapAssetTypeSchema) }, { additionalProperties: false });
const ListQuery = Type.Object(
  {
    type: Type.Optional(MapAssetTypeSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: SQL_PAGING_DEFAULTS.limit })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: SQL_PAGING_DEFAULTS.offset })),
  },
  { additionalProperties: false },
);

const LISTINGS: Array<{ path: string; scope: ListScope; summary: string }> = [
  { path: BASE, scope: 'owned', summary: "The caller's map assets" },
  { path: `${BASE}/for-organization`, scope: 'organization', summary: "Map assets of the caller's organization" },
  { path: `${BASE}/shared-with-user`, scope: 'shared', summary: 'Map assets of other organizations the caller may read' },
];

/** Map styles, color palettes and 3D models, with their files uploaded through signed policies. */
export function mapAssetRoutes(app: App, { db, blobs, config }: AppDeps) {
  for (const { path, scope, summary } of LISTINGS) {
    app.get(path, { schema: { tags, summary, querystring: ListQuery, response: { 200: MapAssetList, ...errorResponses(400, 401) } } }, (request) =>
      assets.listMapAssets(db, requireIdentity(request.identity), {
        scope,
        type: request.query.type,
        limit: request.query.limit ?? SQL_PAGING_DEFAULTS.limit,
        offset: request.query.offset ?? SQL_PAGING_DEFAULTS.offset,
      }),
    );
  }

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'A map asset; with ?type= it must be of that type (400 otherwise)',
        params: IdParams,
        querystring: TypeQuery,
        response: { 200: MapAsset, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => assets.getMapAsset(db, requireIdentity(request.identity), request.params.id, request.query.type),
  );

  app.post(
    BASE,
    { schema: { tags, summary: 'Create a map asset', body: CreateMapAssetRequest, response: { 201: MapAsset, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => reply.status(201).send(await assets.createMapAsset(db, requireIdentity(request.identity), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Update a map asset', params: IdParams, body: UpdateMapAssetRequest, response: { 200: MapAsset, ...errorResponses(400, 401, 403, 404) } },
    },
    (request) => assets.updateMapAsset(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Delete a map asset and its files', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await assets.deleteMapAsset(db, blobs, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${BASE}/:id/files`,
      schema: {
        tags,
        summary: 'Get upload policies for the asset file and/or thumbnail (the answer carries them)',
        params: IdParams,
        body: MapAssetFilesRequest,
        response: { 200: MapAsset, ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => assets.requestFiles(db, policyIssuerFor(blobs, config, request), requireIdentity(request.identity), request.params.id, request.body),
    });
  }

  app.get(
    `${BASE}/:id/files/:file`,
    { schema: { tags, summary: 'Stream the uploaded asset file or thumbnail', params: FileParams, response: errorResponses(400, 401, 404) } },
    async (request, reply) => {
      const blob = await assets.readFile(db, blobs, requireIdentity(request.identity), request.params.id, request.params.file);
      return reply
        .header('content-type', blob.contentType)
        .header('content-length', String(blob.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        // A stream is sent as it is; the typed reply only knows the JSON answers.
        .send(blob.body as never);
    },
  );
}
