import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppStatusCode, Dataset, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../engine/duckdb.js';
import { AppError } from '../../http/errors.js';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as data from './data-service.js';
import { DataDownloadQuery, DataLoadExecution, DataUploadQuery } from './data-schemas.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['datasets'];
/** Uploads stream to disk, so they are bounded by disk space; the engine refuses more than this as they arrive. */
export const DATA_UPLOAD_BODY_LIMIT = DEFAULT_MAX_UPLOAD_BYTES;

/**
 * Dataset data (workspace-and-catalogue.md §7): upload, download and the latest load. Registered as its own plugin so
 * that here, and only here, every request body reaches the handler as an unread stream.
 */
export function datasetDataRoutes(app: App, { db, engine }: AppDeps) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      '/v1/datasets/:id/data',
      {
        bodyLimit: DATA_UPLOAD_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Upload the data of a dataset (CSV, GeoJSON, Parquet or Arrow IPC as the raw request body, up to 10 GB; gzip or zip compressed or not)',
          description:
            'The dataset goes pending, then ready (metadata describes the columns, row count and size) or error (errorMessage says why; the previous data stays). The format comes from ?format=, the content type or the name of the file in a zip; a zip holds exactly one data file (400 otherwise). Decompressed, an upload is at most 10 GB (413).',
          params: IdParams,
          querystring: DataUploadQuery,
          response: { 200: Dataset, ...errorResponses(400, 401, 402, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const identity = requireIdentity(request.identity);
        const body = request.body as Readable | undefined;
        if (!body) throw data.emptyBody();
        const compression = data.uploadCompression(request.headers['content-type'], request.headers['content-encoding'], request.query.compression);
        const format = data.uploadFormat(request.headers['content-type'], request.query.format, compression);
        const length = Number(request.headers['content-length']);
        if (length > DATA_UPLOAD_BODY_LIMIT) {
          throw new AppError(413, 'The upload is too large', AppStatusCode.PayloadTooLarge, `At most ${DATA_UPLOAD_BODY_LIMIT} bytes`);
        }
        return data.uploadData(db, engine, identity, request.params.id, body, {
          format,
          compression,
          skipArrow: request.query.skipArrow === true,
          contentLength: Number.isFinite(length) && length >= 0 ? length : null,
        });
      },
    );

    scope.get(
      '/v1/datasets/:id/data',
      {
        schema: {
          tags,
          summary: 'Download the data of a dataset: an Arrow IPC stream, CSV with ?format=csv or Accept: text/csv, or the stored Parquet file with ?format=parquet',
          params: IdParams,
          querystring: DataDownloadQuery,
          response: {
            200: Type.Unknown({ description: 'application/vnd.apache.arrow.stream, text/csv or application/vnd.apache.parquet (with Content-Disposition naming the dataset)' }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const identity = requireIdentity(request.identity);
        const format = request.query.format ?? (/\btext\/csv\b/.test(request.headers.accept ?? '') ? 'csv' : 'arrow');
        const download = await data.downloadData(db, engine, identity, request.params.id, format);
        if (download.disposition) reply.header('content-disposition', download.disposition);
        if (download.size !== null) reply.header('content-length', String(download.size));
        return reply.header('content-type', download.contentType).header('etag', `"${download.version}"`).send(download.stream);
      },
    );

    scope.get(
      '/v1/datasets/:id/query-execution',
      {
        schema: {
          tags,
          summary: "The dataset's latest data load, as an execution: running while the upload is read, then success or failure",
          params: IdParams,
          response: { 200: DataLoadExecution, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => data.latestExecution(db, requireIdentity(request.identity), request.params.id),
    );
  });
}
