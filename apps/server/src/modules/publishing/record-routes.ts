import {
  PUBLISHED_LIST_MAX_IDS,
  PublicPasswordRequest,
  PublicPublishedAnswer,
  PublicViewQuery,
  PublishedList,
  PublishedListQuery,
  PublishedStatusEntry,
  PublishResourcesRequest,
  PublishResourcesResponse,
  PublishedItem,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { passwordRouteLimit } from '../../http/rate-limit.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { attemptSource } from '../auth/attempts.js';
import { bodyMayBeEmpty, commaSeparatedQuery } from './hooks.js';
import * as publishing from './record-service.js';

const IdParams = Type.Object({ id: Uuid() });
const PublishParams = Type.Object({ id: Uuid(), publishedId: Uuid() });
const NoBody = Type.Object({}, { additionalProperties: false });

interface KindRoutes {
  kind: publishing.PublishableKind;
  base: string;
  /** Query parameter of /published/list: maps or insights. */
  listKey: string;
  /** Public view path segment: published-map or published-insight. */
  publicPath: string;
}

const KINDS: KindRoutes[] = [
  { kind: 'map', base: '/v1/maps', listKey: 'maps', publicPath: 'published-map' },
  { kind: 'insight', base: '/v1/insights', listKey: 'insights', publicPath: 'published-insight' },
];

/** The published pattern of maps and insights (workspace-and-catalogue.md §7), from one definition. */
export function recordPublishingRoutes(app: App, { db, config }: AppDeps) {
  for (const { kind, base, listKey, publicPath } of KINDS) {
    const tags = [kind === 'map' ? 'published maps' : 'published insights'];

    app.get(
      `${base}/published`,
      {
        schema: {
          tags,
          summary: `The caller's published ${kind}s`,
          querystring: PublishedListQuery,
          response: { 200: PublishedList, ...errorResponses(400, 401) },
        },
      },
      (request) => publishing.listOwn(db, requireIdentity(request.identity), kind, request.query),
    );

    app.get(
      `${base}/published/list`,
      {
        preValidation: commaSeparatedQuery(listKey),
        schema: {
          tags,
          summary: `Publication of each listed ${kind} the caller can read (?${listKey}=id1,id2)`,
          querystring: Type.Object(
            { [listKey]: Type.Optional(Type.Array(Uuid(), { maxItems: PUBLISHED_LIST_MAX_IDS })) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Array(PublishedStatusEntry), ...errorResponses(400, 401) },
        },
      },
      (request) => publishing.publicationsOf(db, requireIdentity(request.identity), kind, (request.query as Record<string, string[] | undefined>)[listKey] ?? []),
    );

    app.post(
      `${base}/:id/publish/resources`,
      {
        schema: {
          tags,
          summary: `Publish step one: create or reset the ${kind}'s pending publication`,
          params: IdParams,
          body: PublishResourcesRequest,
          response: { 200: PublishResourcesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => publishing.preparePublication(db, requireIdentity(request.identity), kind, request.params.id, request.body.uploadOptions),
    );

    app.post(
      `${base}/:id/publish/:publishedId`,
      {
        preValidation: bodyMayBeEmpty,
        schema: {
          tags,
          summary: `Publish step two: snapshot the ${kind} and make it public`,
          params: PublishParams,
          body: NoBody,
          response: { 200: PublishedItem, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => publishing.publishRecord(db, requireIdentity(request.identity), kind, request.params.id, request.params.publishedId),
    );

    app.delete(
      `${base}/:id/unpublish`,
      { schema: { tags, summary: `Unpublish the ${kind}`, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
      async (request, reply) => {
        await publishing.unpublish(db, requireIdentity(request.identity), kind, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/:id/${publicPath}`,
      {
        config: { public: true },
        schema: {
          tags,
          summary: `The published ${kind} (no auth); {id} is the ${kind} id or the published id`,
          params: IdParams,
          querystring: PublicViewQuery,
          response: { 200: PublicPublishedAnswer, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => publishing.viewPublished(db, kind, request.params.id, { infoOnly: request.query.infoOnly, from: attemptSource(request, config), signingSecret: config.signingSecret }),
    );

    app.post(
      `${base}/:id/${publicPath}`,
      {
        config: { public: true, ...passwordRouteLimit(config) },
        preValidation: bodyMayBeEmpty,
        schema: {
          tags,
          summary: `The password-protected published ${kind} (no auth)`,
          params: IdParams,
          querystring: PublicViewQuery,
          body: PublicPasswordRequest,
          response: { 200: PublicPublishedAnswer, ...errorResponses(400, 401, 404, 429) },
        },
      },
      (request) =>
        publishing.viewPublished(db, kind, request.params.id, {
          infoOnly: request.query.infoOnly,
          password: request.body.password,
          from: attemptSource(request, config),
          signingSecret: config.signingSecret,
        }),
    );
  }

  app.get(
    '/v1/maps/published/samples',
    {
      schema: {
        tags: ['published maps'],
        summary: 'Published sample maps',
        querystring: PublishedListQuery,
        response: { 200: PublishedList, ...errorResponses(400, 401) },
      },
    },
    (request) => publishing.listSamples(db, request.query),
  );
}
