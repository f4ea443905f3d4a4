import { Type } from 'typebox';
import { AnalyticQueryResult, AnalyticSet, AnalyticSetQuery, Labels } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { panelAppendRoutes } from './append-routes.js';
import * as analytics from './service.js';
import { runQuery } from './query-service.js';

const tags = ['analytics'];

/** The built-in analytic sets (bi-and-admin.md §2, §3, §7) and the label maps their selectors show. */
// Result rows change only when the panel is reloaded or a configuration changes; browsers may keep them briefly.
const QUERY_CACHE_CONTROL = 'private, max-age=300';
/** A request with cache-control: no-cache recomputes its answer instead of reading the server's cache. */
const wantsFresh = (header: string | undefined) => /\bno-cache\b/i.test(header ?? '');
const Group = Type.String({ minLength: 1, maxLength: 100 });
const QueryBody = Type.Object({ parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }, { additionalProperties: false, title: 'AnalyticQueryBody' });
const QueryOptions = Type.Object(
  { expectData: Type.Optional(Type.Boolean()), impersonateOrganizationId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false, title: 'AnalyticQueryOptions' },
);

export function analyticsRoutes(app: App, deps: AppDeps) {
  const { db, engine, cache } = deps;
  panelAppendRoutes(app, deps);
  app.post(
    '/v1/query/:templateGroupId/template/:templateId',
    {
      schema: {
        tags,
        summary: 'Runs one view of an analytic set with the query-bar values and answers its rows',
        params: Type.Object({ templateGroupId: Type.String({ minLength: 1, maxLength: 100 }), templateId: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: QueryOptions,
        body: QueryBody,
        headers: Type.Object({ 'cache-control': Type.Optional(Type.String({ description: 'no-cache recomputes instead of answering from the cache' })) }),
        // The rows of each view are one of the row schemas of @atlas/domain (analytics-rows.ts).
        response: { 200: AnalyticQueryResult, ...errorResponses(400, 401, 403, 404, 422, 503) },
      },
    },
    async (request, reply) => {
      const { templateGroupId, templateId } = request.params;
      const identity = requireIdentity(request.identity);
      const answer = await runQuery({ db, engine, cache }, identity, templateGroupId, templateId, request.body.parameters ?? {}, {
        ...request.query,
        refresh: wantsFresh(request.headers['cache-control']),
      });
      reply.header('cache-control', QUERY_CACHE_CONTROL).header('x-cache', answer.cache);
      return { rows: answer.rows };
    },
  );

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

  const invalidated = { 204: Type.Null(), ...errorResponses(401, 403, 404) };
  app.post(
    '/v1/invalidate/labels',
    { schema: { tags, summary: 'Drops cached answers that embed label names (administrators)', response: invalidated } },
    async (request, reply) => {
      await analytics.invalidate(cache, requireIdentity(request.identity), { labels: true });
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/invalidate/:group/org/:orgId',
    {
      schema: {
        tags,
        summary: "Drops an organization's cached answers of one analytic set (administrators)",
        params: Type.Object({ group: Group, orgId: Type.String({ format: 'uuid' }) }),
        response: invalidated,
      },
    },
    async (request, reply) => {
      await analytics.invalidate(cache, requireIdentity(request.identity), { setId: request.params.group, organizationId: request.params.orgId });
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/invalidate/:group/default',
    {
      schema: {
        tags,
        summary: 'Drops the cached answers of one analytic set for every organization (administrators)',
        params: Type.Object({ group: Group }),
        response: invalidated,
      },
    },
    async (request, reply) => {
      await analytics.invalidate(cache, requireIdentity(request.identity), { setId: request.params.group });
      return reply.status(204).send(null);
    },
  );
}
