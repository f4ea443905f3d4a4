import { AppStatusCode, FeatureFlags, INDUSTRIES, Industries, PasswordChangeRequest, Quota, ScreeningStatusResult, ScreeningStatusUpdates, User, UserSeat, UserUpdate, Uuid } from '@atlas/domain';
import { AppError } from '../../http/errors.js';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { passwordRouteLimit } from '../../http/rate-limit.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { attemptSource } from '../auth/attempts.js';
import * as users from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['users'];

export function userRoutes(app: App, { db, config }: AppDeps) {
  app.get(
    '/v1/users/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        querystring: Type.Object({ includeFlags: Type.Optional(Type.Boolean({ default: false })) }, { additionalProperties: false }),
        response: { 200: User, ...errorResponses(400, 401) },
      },
    },
    (request) => users.getMe(db, requireIdentity(request.identity), request.query.includeFlags === true),
  );

  app.get(
    '/v1/users/me/flags',
    { schema: { tags, summary: "Feature flags of the user's organization", response: { 200: FeatureFlags, ...errorResponses(401) } } },
    (request) => users.getMyFlags(db, requireIdentity(request.identity)),
  );

  app.get(
    '/v1/users/me/quota',
    { schema: { tags, summary: 'Quota policy and usage of the signed-in user', response: { 200: Quota, ...errorResponses(401) } } },
    (request) => users.getMyQuota(db, requireIdentity(request.identity)),
  );

  app.get(
    '/v1/users/:id/seat',
    { schema: { tags, summary: "A user's seat in their organization", params: IdParams, response: { 200: UserSeat, ...errorResponses(400, 401, 404) } } },
    (request) => users.getSeat(db, requireIdentity(request.identity), request.params.id),
  );

  app.put(
    '/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user profile',
        params: IdParams,
        body: UserUpdate,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.updateUser(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.put(
    '/v1/users/:id/password',
    {
      config: passwordRouteLimit(config),
      schema: {
        tags,
        summary: "Change your password (the current one required; your other sessions end), or set a user's (administrators; all their sessions end)",
        params: IdParams,
        body: PasswordChangeRequest,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await users.changePassword(db, requireIdentity(request.identity), request.params.id, request.body, attemptSource(request, config));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/users/:id/email-verification',
    {
      schema: {
        tags,
        summary: "Vouch for a user's e-mail address (administrators): e-mail grants and invitations to it become theirs",
        params: IdParams,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.verifyEmailByAdministrator(db, requireIdentity(request.identity), request.params.id),
  );

  app.get(
    '/v1/users/industries',
    { schema: { tags, summary: 'Industries a profile can name', response: { 200: Industries, ...errorResponses(401) } } },
    async () => ({ industries: [...INDUSTRIES] }),
  );

  app.get(
    '/v1/users/me/google',
    { schema: { tags, summary: 'The Google account linked to the user', response: { ...errorResponses(401, 404) } } },
    async () => {
      // Accounts here sign in with email and password; no identity provider is linked.
      throw new AppError(404, 'No Google account is linked', AppStatusCode.NotFound, 'This server signs in with email and password');
    },
  );

  app.put(
    '/v1/users/:userId/organization/:orgId',
    {
      schema: {
        tags,
        summary: 'Move a user to another organization (administrators)',
        params: Type.Object({ userId: Uuid(), orgId: Uuid() }),
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.moveToOrganization(db, requireIdentity(request.identity), request.params.userId, request.params.orgId),
  );

  app.put(
    '/v1/users/screening-status',
    {
      schema: {
        tags,
        summary: 'Set screening statuses (HIGH_RISK=1, PENDING_REVIEW=2, null clears) of users (administrators)',
        body: ScreeningStatusUpdates,
        response: { 200: ScreeningStatusResult, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => users.setScreeningStatuses(db, requireIdentity(request.identity), request.body),
  );
}
