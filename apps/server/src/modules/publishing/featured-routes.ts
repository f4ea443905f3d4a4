import { CreateFeaturedMapRequest, FeaturedMap, HighlightFeaturedMapRequest, UpdateFeaturedMapRequest, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { bodyMayBeEmpty } from './hooks.js';
import * as featured from './featured-service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['featured maps'];
const BASE = '/v1/maps/published/featured';

/** Featured maps: published maps picked by administrators; one of them may be highlighted. */
export function featuredMapRoutes(app: App, { db }: AppDeps) {
  app.get(
    BASE,
    { schema: { tags, summary: 'Featured maps, highlighted first, then by position', response: { 200: Type.Array(FeaturedMap), ...errorResponses(401) } } },
    (request) => {
      requireIdentity(request.identity);
      return featured.listFeatured(db);
    },
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Feature a published map (administrators)',
        body: CreateFeaturedMapRequest,
        response: { 201: FeaturedMap, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await featured.featureMap(db, requireIdentity(request.identity), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a featured map (administrators)',
        params: IdParams,
        body: UpdateFeaturedMapRequest,
        response: { 200: FeaturedMap, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => featured.updateFeatured(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Unfeature a map (administrators)', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await featured.unfeature(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/highlight`,
    {
      preValidation: bodyMayBeEmpty,
      schema: {
        tags,
        summary: 'Highlight (default) or un-highlight a featured map; highlighting one clears the others (administrators)',
        params: IdParams,
        body: HighlightFeaturedMapRequest,
        response: { 200: FeaturedMap, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => featured.highlight(db, requireIdentity(request.identity), request.params.id, request.body.highlighted ?? true),
  );
}
