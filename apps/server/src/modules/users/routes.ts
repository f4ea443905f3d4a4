import { FeatureFlags, Quota, User, UserSeat, UserUpdate, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as users from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['users'];

export function userRoutes(app: App, { db }: AppDeps) {
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
}
