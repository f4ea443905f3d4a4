import { AnalyticQueryResult, AnalyticSet, Labels, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as publicData from './public-data.js';
import { VIEW_TOKEN_HEADER } from './view-token.js';

const tags = ['published data'];
const ViewTokenHeaders = Type.Object({
  [VIEW_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 500, description: 'The viewToken the public view answered once the password checked out' })),
});
const QueryBody = Type.Object({ parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }, { additionalProperties: false, title: 'PublishedQueryBody' });

/**
 * What a public page draws beside the snapshot (docs/publishing-web.md): the datasets of a published map and the
 * analytic set and charts of a published dashboard. Public like the public view itself, for published items only.
 */
export function publishedDataRoutes(app: App, deps: AppDeps) {
  app.get(
    '/v1/maps/:id/published-map/datasets/:datasetId/data',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The data of a dataset the published map shows, as an Arrow IPC stream (no auth; X-View-Token when it has a password)',
        params: Type.Object({ id: Uuid(), datasetId: Uuid() }),
        headers: ViewTokenHeaders,
        response: { 200: Type.Unknown({ description: 'application/vnd.apache.arrow.stream' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const download = await publicData.publishedMapData(deps, request.params.id, request.params.datasetId, request.headers[VIEW_TOKEN_HEADER]);
      return reply.header('content-type', download.contentType).header('etag', `"${download.version}"`).send(download.stream);
    },
  );

  app.get(
    '/v1/insights/:id/published-insight/analytic-set',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The analytic set a published dashboard shows, as its owner's organization configured it, and the labels (no auth)",
        params: Type.Object({ id: Uuid() }),
        headers: ViewTokenHeaders,
        response: { 200: Type.Object({ definition: AnalyticSet, labels: Labels }, { title: 'PublishedAnalyticSet' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => publicData.publishedAnalyticSet(deps, request.params.id, request.headers[VIEW_TOKEN_HEADER]),
  );

  app.post(
    '/v1/insights/:id/published-insight/query/:templateId',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'One chart of a published dashboard, always with its saved values (no auth)',
        params: Type.Object({ id: Uuid(), templateId: Type.String({ minLength: 1, maxLength: 100 }) }),
        headers: ViewTokenHeaders,
        body: QueryBody,
        response: { 200: AnalyticQueryResult, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      rows: await publicData.publishedInsightQuery(deps, request.params.id, request.params.templateId, request.body.parameters ?? {}, request.headers[VIEW_TOKEN_HEADER]),
    }),
  );
}
