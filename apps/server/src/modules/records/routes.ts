import {
  CatalogueRecord,
  CreateRecordRequest,
  PermissionListing,
  RECORD_PATHS,
  RecordGetQuery,
  RecordList,
  RecordListQuery,
  ShareRequest,
  THUMBNAIL_CONTENT_TYPES,
  ThumbnailRequest,
  UpdateRecordRequest,
  Uuid,
  type RecordKind,
} from '@atlas/domain';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { resourceLabel } from '../../http/access.js';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { policyIssuerFor } from '../uploads/policy-origin.js';
import * as attachments from './attachments.js';
import type { ListScope } from './repo.js';
import * as records from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const DatasetParams = Type.Object({ id: Uuid(), datasetId: Uuid() });
const AssetParams = Type.Object({ id: Uuid(), assetId: Uuid() });
const ThumbnailFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'The image, with its content type' });
const AdminQuery = Type.Object({ isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only)' })) }, { additionalProperties: false });

const LISTINGS: Array<{ suffix: string; scope: ListScope; summary: string }> = [
  { suffix: '', scope: 'owned', summary: 'owned by the caller' },
  { suffix: '/for-organization', scope: 'organization', summary: "of the caller's organization" },
  { suffix: '/shared-with-user', scope: 'shared', summary: 'shared with the caller by others' },
  { suffix: '/samples', scope: 'samples', summary: 'offered as samples' },
];

/** Maps, insights, dashboards (insights under another name) and workbooks: one route set, registered per path. */
export function recordRoutes(app: App, deps: AppDeps) {
  for (const [name, { path, kind }] of Object.entries(RECORD_PATHS)) registerRecordRoutes(app, deps, path, kind, name);
}

function registerRecordRoutes(app: App, { db, blobs, config }: AppDeps, path: string, kind: RecordKind, tag: string) {
  const tags = [tag];
  const label = resourceLabel(kind).toLowerCase();
  const identity = (request: { identity: Parameters<typeof requireIdentity>[0] }) => requireIdentity(request.identity);

  for (const { suffix, scope, summary } of LISTINGS) {
    app.get(
      `${path}${suffix}`,
      {
        schema: {
          tags,
          summary: `List ${label}s ${summary}, newest first`,
          querystring: RecordListQuery,
          response: { 200: RecordList, ...errorResponses(400, 401) },
        },
      },
      (request) => records.listRecords(db, identity(request), kind, scope, request.query),
    );
  }

  app.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Get a ${label}; acquireLock=true also takes the editing lock when it is free`,
        params: IdParams,
        querystring: RecordGetQuery,
        response: { 200: CatalogueRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => records.getRecord(db, identity(request), kind, request.params.id, request.query),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: `Create a ${label}`,
        body: CreateRecordRequest,
        response: { 201: CatalogueRecord, ...errorResponses(400, 401, 402, 403, 404, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await records.createRecord(db, identity(request), kind, request.body)),
  );

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Update a ${label}; in admin mode also its owner`,
        params: IdParams,
        querystring: RecordGetQuery,
        body: UpdateRecordRequest,
        response: { 200: CatalogueRecord, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (request) => records.updateRecord(db, identity(request), kind, request.params.id, request.body, request.query),
  );

  app.post(
    `${path}/:id/clone`,
    {
      schema: { tags, summary: `Copy a ${label}`, params: IdParams, response: { 201: CatalogueRecord, ...errorResponses(400, 401, 402, 403, 404) } },
    },
    async (request, reply) => reply.status(201).send(await records.cloneRecord(db, blobs, identity(request), kind, request.params.id)),
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: `Delete a ${label}`, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await records.deleteRecord(db, blobs, identity(request), kind, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${path}/:id/share`,
    {
      schema: {
        tags,
        summary: `Share a ${label}: grant, revoke and set visibility`,
        params: IdParams,
        querystring: AdminQuery,
        body: ShareRequest,
        response: { 200: PermissionListing, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => attachments.shareRecord(db, identity(request), kind, request.params.id, request.body, request.query),
  );

  const linkSchema = <P extends typeof DatasetParams | typeof AssetParams>(params: P, summary: string) => ({
    schema: { tags, summary, params, response: { 200: CatalogueRecord, ...errorResponses(400, 401, 403, 404, 409) } },
  });
  app.post(`${path}/:id/datasets/:datasetId`, linkSchema(DatasetParams, `Link a dataset to a ${label}`), (request) =>
    attachments.linkDataset(db, identity(request), kind, request.params.id, request.params.datasetId),
  );
  app.delete(`${path}/:id/datasets/:datasetId`, linkSchema(DatasetParams, `Unlink a dataset from a ${label}`), (request) =>
    attachments.unlinkDataset(db, identity(request), kind, request.params.id, request.params.datasetId),
  );
  app.post(`${path}/:id/map-assets/:assetId`, linkSchema(AssetParams, `Link a map asset to a ${label}`), (request) =>
    attachments.linkMapAsset(db, identity(request), kind, request.params.id, request.params.assetId),
  );
  app.delete(`${path}/:id/map-assets/:assetId`, linkSchema(AssetParams, `Unlink a map asset from a ${label}`), (request) =>
    attachments.unlinkMapAsset(db, identity(request), kind, request.params.id, request.params.assetId),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${path}/:id/thumbnail`,
      schema: {
        tags,
        summary: `Prepare a thumbnail upload: answers the ${label} with previewSignedPostPolicy to upload the image with`,
        params: IdParams,
        body: ThumbnailRequest,
        response: { 200: CatalogueRecord, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: (request) =>
        attachments.prepareThumbnailUpload(db, policyIssuerFor(blobs, config, request), identity(request), kind, request.params.id, request.body.contentType),
    });
  }

  app.get(
    `${path}/:id/thumbnail`,
    {
      schema: {
        tags,
        summary: `The uploaded thumbnail image of a ${label}`,
        params: IdParams,
        produces: [...THUMBNAIL_CONTENT_TYPES],
        response: { 200: ThumbnailFile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await attachments.readThumbnail(db, blobs, identity(request), kind, request.params.id);
      return reply.type(file.contentType).header('content-length', file.size).header('cache-control', 'private, no-cache').send(file.body);
    },
  );
}
