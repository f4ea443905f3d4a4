import { Dataset, ImportStorageObjectRequest, StorageObjectList, StorageObjectsQuery, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { BackgroundJobs } from '../../jobs/background-jobs.js';
import * as storage from './storage-service.js';

const tags = ['data-connections'];
const IdParams = Type.Object({ id: Uuid() });

/** Storage connections (s3, google-cloud-storage): browse a bucket, import an object as a dataset (docs/storage-connections.md). */
export function storageConnectionRoutes(app: App, { db, engine, config }: AppDeps) {
  const imports = new BackgroundJobs();
  // Closing the app drops the objects still being read (their imports end in error) and waits for every import's end.
  app.addHook('onClose', () => imports.stopAll());
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
          "Answers at once (202) with the dataset pending; the object is then loaded in the background: metadata.progress {phase: queued|reading|read, fraction 0..1, bytes, total} says how much of the object was read (written at most once a second), and the status goes to ready (metadata describes the data) or error (errorMessage says why). Poll GET /v1/datasets/{id}. The format comes from the key (points.csv.gz is gzip-compressed CSV), else the object's content type; a refused import (4xx) leaves no dataset.",
        params: IdParams,
        body: ImportStorageObjectRequest,
        response: { 202: Dataset, ...errorResponses(400, 401, 402, 403, 404, 413, 415, 422) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await storage.importObject({ db, engine, imports }, requireIdentity(request.identity), request.params.id, request.body, config.allowedConnectionHosts)),
  );
}
