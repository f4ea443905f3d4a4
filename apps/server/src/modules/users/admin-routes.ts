import { QuotaPolicyParams, SeatParams, User, UserLookupQuery, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as admin from './admin-service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['administration'];

/** User administration (bi-and-admin.md §7): look-up, administrators, seats and quota policies; administrators only. */
export function adminUserRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/users',
    {
      schema: {
        tags,
        summary: 'Look users up by id, e-mail, name (in part) or organization (administrators); by e-mail exactly one or 404',
        querystring: UserLookupQuery,
        response: { 200: Type.Array(User), ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    (request) => admin.lookUpUsers(db, requireIdentity(request.identity), request.query),
  );

  app.get(
    '/v1/users/admin',
    { schema: { tags, summary: 'The administrators (administrators)', response: { 200: Type.Array(User), ...errorResponses(401, 403) } } },
    (request) => admin.listAdministrators(db, requireIdentity(request.identity)),
  );

  app.post(
    '/v1/users/admin/:id',
    { schema: { tags, summary: 'Make a user an administrator (administrators)', params: IdParams, response: { 200: User, ...errorResponses(400, 401, 403, 404) } } },
    (request) => admin.addAdministrator(db, requireIdentity(request.identity), request.params.id),
  );

  app.delete(
    '/v1/users/admin/:id',
    {
      schema: {
        tags,
        summary: 'Take administrator rights away; the last administrator keeps them (administrators)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await admin.removeAdministrator(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/v1/admin/users/:userId/organization/:orgId/seat/:seat',
    {
      schema: {
        tags,
        summary: "Set a member's seat in the organization; the quota policy follows the seat (administrators)",
        params: SeatParams,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => admin.setSeat(db, requireIdentity(request.identity), request.params.userId, request.params.orgId, request.params.seat),
  );

  app.put(
    '/v1/users/:id/quotapolicy/:policyId',
    { schema: { tags, summary: "Set a user's quota policy (administrators)", params: QuotaPolicyParams, response: { 200: User, ...errorResponses(400, 401, 403, 404) } } },
    (request) => admin.setQuotaPolicy(db, requireIdentity(request.identity), request.params.id, request.params.policyId),
  );
}
