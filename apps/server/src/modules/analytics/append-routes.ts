import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Dataset, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { DATA_UPLOAD_BODY_LIMIT } from '../datasets/data-routes.js';
import { DataUploadQuery } from '../datasets/data-schemas.js';
import { emptyBody, uploadCompression, uploadFormat } from '../datasets/data-service.js';
import { appendVisits } from './append-service.js';

const AppendQuery = Type.Pick(DataUploadQuery, ['format', 'compression'], { additionalProperties: false });

/**
 * Appending visits to the foot-traffic panel (docs/panel-append.md). Its own plugin, like the dataset upload's, so the
 * body reaches the handler as an unread stream.
 */
export function panelAppendRoutes(app: App, { db, engine }: AppDeps) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post(
      '/v1/datasets/:id/data/append',
      {
        bodyLimit: DATA_UPLOAD_BODY_LIMIT,
        schema: {
          tags: ['analytics'],
          summary: "Append visits to a foot-traffic panel's visits dataset (a file like an upload's, with the columns visit_id, device_id, place_id, started_at, dwell_minutes)",
          description:
            'Answers once the new visits version is current together with every rollup computed from it; until then, analytic queries answer from the previous version. Rows with unknown devices or places, missing values, or visit ids that repeat or exist already are refused (400, nothing changes).',
          params: Type.Object({ id: Uuid() }),
          querystring: AppendQuery,
          response: { 200: Dataset, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
        },
      },
      async (request) => {
        const identity = requireIdentity(request.identity);
        const body = request.body as Readable | undefined;
        if (!body) throw emptyBody();
        const compression = uploadCompression(request.headers['content-type'], request.headers['content-encoding'], request.query.compression);
        const format = uploadFormat(request.headers['content-type'], request.query.format, compression);
        return appendVisits(db, engine, identity, request.params.id, body, { format, compression });
      },
    );
  });
}
