import { Dataset, ImportStorageObjectRequest, StorageObjectList, StorageObjectsQuery, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as storage from './storage-service.js';

const tags = ['data-connections'];
const IdParams = Type.Object({ id: Uuid() });

/** Storage connections (s3, google-cloud-storage): browse a bucket, import an object as a dataset (docs/storage-connections.md). */
export function storageConnectionRoutes(app: App, { db, engine, config }: AppDeps) {
  app.get(
    '/v1/data-connections/:id/objects',
    {
      schema: {
        tags,
        summary: "A storage connection's buckets (when it names none and no ?bucket), or the folders and objects directly under ?prefix, one page at a time (?pageToken)",
        params: IdParams,
        querystring: StorageObjectsQuery,
        response: { 200: StorageObjectList, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => storage.listObjects(db, requireIdentity(request.identity), request.params.id, request.query, config.allowedConnectionHosts),
  );

  app.post(
    '/v1/data-connections/:id/import',
    {
      schema: {
        tags,
        summary: "Import an object of a storage connection (CSV, GeoJSON, Parquet, Arrow, gzip or zip of one) as a new dataset of the caller, linked to the connection",
        description:
          'Answers once the load ended: the dataset ready (metadata describes the data) or in error (errorMessage says why). The format comes from the key (points.csv.gz is gzip-compressed CSV), else the object\'s content type.',
        params: IdParams,
        body: ImportStorageObjectRequest,
        response: { 201: Dataset, ...errorResponses(400, 401, 402, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await storage.importObject(db, engine, requireIdentity(request.identity), request.params.id, request.body, config.allowedConnectionHosts)),
  );
}
