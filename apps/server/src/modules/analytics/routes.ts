import { Type } from 'typebox';
import { AnalyticSet, AnalyticSetQuery, Labels } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as analytics from './service.js';

const tags = ['analytics'];

/** The built-in analytic sets (bi-and-admin.md §2, §3, §7) and the label maps their selectors show. */
export function analyticsRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/analytic-sets/:id',
    {
      schema: {
        tags,
        summary: 'An analytic set: parameters, template and the panel datasets it runs over',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: AnalyticSetQuery,
        response: { 200: AnalyticSet, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => analytics.getAnalyticSet(db, requireIdentity(request.identity), request.params.id, request.query.impersonateOrganizationId),
  );

  app.get(
    '/v1/labels',
    { schema: { tags, summary: 'Display names of geographies and place taxonomy, by id', response: { 200: Labels, ...errorResponses(401) } } },
    (request) => {
      requireIdentity(request.identity);
      return analytics.getLabels();
    },
  );
}
