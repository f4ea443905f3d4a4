import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorReportingSettings, TunnelAccepted, UserFeedback, UserFeedbackCreate, UserFeedbackList, UserFeedbackListQuery } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as reports from './service.js';

const tags = ['error reports'];
/** Larger than any error event the browser SDK sends (its events are capped well below this); more answers 413. */
export const TUNNEL_BODY_LIMIT = 1024 * 1024;

/** Error reports (workspace-and-catalogue.md §7 Data gateway; docs/error-reports.md). */
export function errorReportRoutes(app: App, { db, config }: AppDeps) {
  const settings = config.errorReporting;

  app.get(
    '/v1/error-reporting',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether and where the web app reports its errors: the public DSN (null: nowhere) and the tunnel',
        security: [],
        response: { 200: ErrorReportingSettings },
      },
    },
    () => reports.reportingSettings(settings),
  );

  // Its own plugin so that here, and only here, any body arrives as bytes: envelopes are newline-delimited JSON, sent
  // as text/plain by browsers (no preflight) or application/x-sentry-envelope.
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(
      reports.TUNNEL_PATH,
      {
        // Public: signed-out pages (a published map's) report too. So limited per client address and in size.
        config: { public: true, rateLimit: { max: settings.tunnelPerMinute, timeWindow: 60_000 } },
        bodyLimit: TUNNEL_BODY_LIMIT,
        schema: {
          tags,
          summary: "Forward the browser's error envelope (a Sentry envelope as the raw body) to the configured error-reporting service",
          description:
            "Only an envelope whose header's dsn is the configured one is forwarded (403 otherwise); with no service configured it is dropped with the same 200. 400 for a malformed envelope, 413 above 1 MiB, 429 past SENTRY_TUNNEL_RATE_LIMIT a minute from one address, 502 when the service cannot be reached or refuses it.",
          security: [],
          response: { 200: TunnelAccepted, ...errorResponses(400, 403, 413, 429, 502) },
        },
      },
      (request) => reports.tunnel(settings, request.body as Buffer | undefined, request.log),
    );
  });

  app.post(
    '/v1/sentry-user-feedback',
    {
      schema: {
        tags,
        summary: "Send feedback: kept for administrators and forwarded to the error-reporting service when one is configured",
        body: UserFeedbackCreate,
        response: { 201: UserFeedback, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const feedback = await reports.sendFeedback(db, settings, requireIdentity(request.identity), request.body as UserFeedbackCreate, request.log);
      return reply.status(201).send(feedback);
    },
  );

  app.get(
    '/v1/admin/feedback',
    {
      schema: {
        tags,
        summary: "Every user's feedback, newest first, a page at a time (administrators)",
        querystring: UserFeedbackListQuery,
        response: { 200: UserFeedbackList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reports.listFeedback(db, requireIdentity(request.identity), request.query),
  );
}
