import multipart from '@fastify/multipart';
import { AppStatusCode } from '@atlas/domain';
import { Type } from 'typebox';
import { LocalBlobStore, UPLOAD_PATH } from '../../blobs/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { receiveUpload } from './service.js';

/** A ceiling for any upload; each policy's own maxBytes is the real limit, enforced while streaming. */
const UPLOAD_CEILING_BYTES = 1024 * 1024 * 1024;

/**
 * The local stand-in for an S3 bucket's POST upload. Public: the signed policy is the credential (the client sends no
 * bearer token, as to a bucket), and the right it was issued on is checked again on arrival.
 * Multipart parsing is registered in this plugin only, so every JSON route keeps its own parser.
 */
export function uploadRoutes(app: App, { db, blobs }: AppDeps) {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 20, fieldSize: 16 * 1024, files: 1, parts: 21, fileSize: UPLOAD_CEILING_BYTES } });
    scope.post(
      UPLOAD_PATH,
      {
        config: { public: true },
        schema: {
          tags: ['uploads'],
          summary: 'Upload a file with a signed policy (multipart: the policy fields, then `file`)',
          consumes: ['multipart/form-data'],
          response: { 204: Type.Null(), ...errorResponses(400, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!(blobs instanceof LocalBlobStore)) throw notFound('Uploads go to the storage bucket', 'POST the file to the url of its upload policy');
        if (!request.isMultipart()) throw new AppError(415, 'Expected multipart/form-data', AppStatusCode.UnsupportedMediaType);
        await receiveUpload(db, blobs, request.parts());
        return reply.status(204).send(null);
      },
    );
  });
}
