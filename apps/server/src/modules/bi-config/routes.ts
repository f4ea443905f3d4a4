import {
  AnalyticSetConfig,
  CreateAnalyticSetConfigRequest,
  CreateQueryParamConfigRequest,
  CreateSharedParametersRequest,
  QueryParamConfig,
  QueryParamValuesRequest,
  SharedParameters,
  SharedParametersInvitationList,
  SharedParametersInviteRequest,
  TemplateGroupId,
  UpdateAnalyticSetConfigRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as bi from './service.js';

const tags = ['bi-config'];
const IdParams = Type.Object({ id: Uuid() });
const GroupParams = Type.Object({ group: TemplateGroupId });
const ANALYTIC_SET_CONFIGS = '/v1/bi/analytic-set-configs';
const QUERY_PARAM_CONFIGS = '/v1/bi/query-param-configs';
const SHARED_PARAMETERS = '/v1/bi/shared-parameters';

/** Business-intelligence configuration (bi-and-admin.md §7): analytic-set configs, query-param configs, shared parameters. */
export function biConfigRoutes(app: App, { db }: AppDeps) {
  app.get(
    `${ANALYTIC_SET_CONFIGS}/:group/org/:orgId`,
    {
      schema: {
        tags,
        summary: 'The one config of an analytic set for an organization (404 when none, 500 when several)',
        params: Type.Object({ group: TemplateGroupId, orgId: Uuid() }),
        response: { 200: AnalyticSetConfig, ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    (request) => bi.getConfigFor(db, requireIdentity(request.identity), request.params.group, request.params.orgId),
  );
  app.get(
    `${ANALYTIC_SET_CONFIGS}/:id`,
    { schema: { tags, summary: 'An analytic-set config', params: IdParams, response: { 200: AnalyticSetConfig, ...errorResponses(400, 401, 404) } } },
    (request) => bi.getConfig(db, requireIdentity(request.identity), request.params.id),
  );
  app.post(
    ANALYTIC_SET_CONFIGS,
    {
      schema: {
        tags,
        summary: "Create an organization's config of an analytic set (administrators)",
        body: CreateAnalyticSetConfigRequest,
        response: { 201: AnalyticSetConfig, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await bi.createConfig(db, requireIdentity(request.identity), request.body)),
  );
  app.put(
    `${ANALYTIC_SET_CONFIGS}/:id`,
    {
      schema: {
        tags,
        summary: 'Replace the template or query parameter overrides of a config (administrators)',
        params: IdParams,
        body: UpdateAnalyticSetConfigRequest,
        response: { 200: AnalyticSetConfig, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => bi.updateConfig(db, requireIdentity(request.identity), request.params.id, request.body),
  );
  app.delete(
    `${ANALYTIC_SET_CONFIGS}/:id`,
    { schema: { tags, summary: 'Delete a config (administrators)', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await bi.deleteConfig(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${QUERY_PARAM_CONFIGS}/:group/default`,
    {
      schema: {
        tags,
        summary: "The group's default query-bar values (the set definition's, with id null, when none is stored)",
        params: GroupParams,
        response: { 200: QueryParamConfig, ...errorResponses(401, 404) },
      },
    },
    (request) => {
      requireIdentity(request.identity);
      return bi.getGroupDefault(db, request.params.group);
    },
  );
  app.put(
    `${QUERY_PARAM_CONFIGS}/:group/default`,
    {
      schema: {
        tags,
        summary: "Create or replace the group's default query-bar values (administrators)",
        params: GroupParams,
        body: QueryParamValuesRequest,
        response: { 200: QueryParamConfig, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => bi.putGroupDefault(db, requireIdentity(request.identity), request.params.group, request.body.values),
  );
  app.get(
    `${QUERY_PARAM_CONFIGS}/:id`,
    { schema: { tags, summary: 'A query-param config', params: IdParams, response: { 200: QueryParamConfig, ...errorResponses(400, 401, 404) } } },
    (request) => bi.getQueryParamConfig(db, requireIdentity(request.identity), request.params.id),
  );
  app.post(
    QUERY_PARAM_CONFIGS,
    {
      schema: {
        tags,
        summary: "Create an organization's default query-bar values, or the group default with organizationId null (administrators)",
        body: CreateQueryParamConfigRequest,
        response: { 201: QueryParamConfig, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await bi.createQueryParamConfig(db, requireIdentity(request.identity), request.body)),
  );
  app.put(
    `${QUERY_PARAM_CONFIGS}/:id`,
    {
      schema: {
        tags,
        summary: 'Replace the values of a query-param config (administrators)',
        params: IdParams,
        body: QueryParamValuesRequest,
        response: { 200: QueryParamConfig, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => bi.updateQueryParamConfig(db, requireIdentity(request.identity), request.params.id, request.body.values),
  );
  app.delete(
    `${QUERY_PARAM_CONFIGS}/:id`,
    { schema: { tags, summary: 'Delete a query-param config (administrators)', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await bi.deleteQueryParamConfig(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${SHARED_PARAMETERS}/:id`,
    { schema: { tags, summary: 'Shared query-bar values', params: IdParams, response: { 200: SharedParameters, ...errorResponses(400, 401, 404) } } },
    (request) => bi.getShared(db, requireIdentity(request.identity), request.params.id),
  );
  app.post(
    SHARED_PARAMETERS,
    {
      schema: {
        tags,
        summary: 'Share query-bar values of an analytic set with the organization (maker seat)',
        body: CreateSharedParametersRequest,
        response: { 201: SharedParameters, ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (request, reply) => reply.status(201).send(await bi.createShared(db, requireIdentity(request.identity), request.body)),
  );
  app.post(
    `${SHARED_PARAMETERS}/:id/invite`,
    {
      schema: {
        tags,
        summary: 'Invite e-mails to read shared parameters (owner or administrator); the invitations are stored, no e-mail is sent',
        params: IdParams,
        body: SharedParametersInviteRequest,
        response: { 201: SharedParametersInvitationList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await bi.inviteToShared(db, requireIdentity(request.identity), request.params.id, request.body)),
  );
}
