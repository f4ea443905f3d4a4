import { LOCK_RESOURCE_TYPES, LockOwnerRequest, ResourceLock, StringEnum, Uuid } from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { changeLockOwner, releaseLock } from './service.js';

const Params = Type.Object({ type: StringEnum(LOCK_RESOURCE_TYPES), id: Uuid() });
const Query = Type.Object({ isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only)' })) }, { additionalProperties: false });

/** Editing locks on maps, insights and workbooks; taking and refreshing happens through the record calls. */
export function lockRoutes(app: App, { db }: AppDeps) {
  app.put(
    '/v1/locks/:type/:id/owner',
    {
      schema: {
        tags: ['locks'],
        summary: 'Hand the editing lock of a record to another user',
        params: Params,
        querystring: Query,
        body: LockOwnerRequest,
        response: { 200: ResourceLock, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      changeLockOwner(db, requireIdentity(request.identity), request.params.type, request.params.id, request.body.ownerId, {
        isAdmin: request.query.isAdmin,
      }),
  );

  // Not in the spec (docs/catalogue.md, Locks): an editor leaving frees the record now rather than when the lock lapses.
  app.delete(
    '/v1/locks/:type/:id',
    {
      schema: {
        tags: ['locks'],
        summary: 'Release the editing lock of a record (its holder, or an administrator in admin mode)',
        params: Params,
        querystring: Query,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await releaseLock(db, requireIdentity(request.identity), request.params.type, request.params.id, { isAdmin: request.query.isAdmin });
      return reply.status(204).send(null);
    },
  );
}
