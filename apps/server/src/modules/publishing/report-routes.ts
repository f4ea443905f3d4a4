import {
  CreateReportRequest,
  CreateReportResponse,
  PublicPublishedAnswer,
  PublishedItem,
  PublishReportRequest,
  ReportInvitation,
  ReportInviteRequest,
  ReportList,
  ReportListQuery,
  ReportViewQuery,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { passwordRouteLimit } from '../../http/rate-limit.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { attemptSource } from '../auth/attempts.js';
import { bodyMayBeEmpty } from './hooks.js';
import * as reports from './report-service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['published reports'];
const BASE = '/v1/reports/published';

export function reportRoutes(app: App, { db, config }: AppDeps) {
  // Not in the spec, which lists no reports call: the web app's Reports screen needs one (docs/reports.md).
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The caller's own reports, pending and published, newest change first (admin mode: every report)",
        querystring: ReportListQuery,
        response: { 200: ReportList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reports.listReports(db, requireIdentity(request.identity), request.query),
  );

  app.post(
    `${BASE}/resources`,
    {
      schema: {
        tags,
        summary: 'Create a pending report over datasets the caller can read',
        body: CreateReportRequest,
        response: { 201: CreateReportResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await reports.createReport(db, requireIdentity(request.identity), request.body)),
  );

  app.post(
    `${BASE}/:id`,
    {
      preValidation: bodyMayBeEmpty,
      schema: {
        tags,
        summary: 'Publish the report with its config (owner or administrator)',
        params: IdParams,
        body: PublishReportRequest,
        response: { 200: PublishedItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => reports.publishReport(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { public: true, ...passwordRouteLimit(config) },
      schema: {
        tags,
        summary: 'The published report (no auth); password-protected reports need ?password=',
        params: IdParams,
        querystring: ReportViewQuery,
        response: { 200: PublicPublishedAnswer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    (request) => reports.viewReport(db, request.params.id, { infoOnly: request.query.infoOnly, password: request.query.password, from: attemptSource(request, config) }),
  );

  app.post(
    `${BASE}/:id/invite`,
    {
      schema: {
        tags,
        summary: 'Invite people to the report by e-mail (owner or administrator); the invitation is stored',
        params: IdParams,
        body: ReportInviteRequest,
        response: { 201: ReportInvitation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await reports.invite(db, requireIdentity(request.identity), request.params.id, request.body)),
  );
}
