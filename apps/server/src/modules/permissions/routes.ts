import {
  BulkPermissionRequest,
  CreatePermissionRequest,
  Permission,
  PermissionListing,
  PermissionResourceTypeSchema,
  UpdatePermissionRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as permissions from './service.js';

const tags = ['permissions'];
const AdminQuery = Type.Object({ isAdmin: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Uuid() });

export function permissionRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/permissions/:resourceType/:resourceId',
    {
      schema: {
        tags,
        summary: 'Who can reach a resource: organizations, users (with seat), emails and roles',
        params: Type.Object({ resourceType: PermissionResourceTypeSchema, resourceId: Uuid() }),
        querystring: AdminQuery,
        response: { 200: PermissionListing, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => permissions.listPermissions(db, requireIdentity(request.identity), request.params.resourceType, request.params.resourceId, request.query),
  );

  app.post(
    '/v1/permissions',
    { schema: { tags, summary: 'Grant a role on a resource', body: CreatePermissionRequest, querystring: AdminQuery, response: { 201: Permission, ...errorResponses(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await permissions.createPermission(db, requireIdentity(request.identity), request.body, request.query)),
  );

  app.put(
    '/v1/permissions/:id',
    { schema: { tags, summary: "Change a grant's role", params: IdParams, body: UpdatePermissionRequest, querystring: AdminQuery, response: { 200: Permission, ...errorResponses(400, 401, 403, 404) } } },
    (request) => permissions.updatePermission(db, requireIdentity(request.identity), request.params.id, request.body, request.query),
  );

  app.delete(
    '/v1/permissions/:id',
    { schema: { tags, summary: 'Revoke a grant', params: IdParams, querystring: AdminQuery, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await permissions.deletePermission(db, requireIdentity(request.identity), request.params.id, request.query);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/permissions/bulk',
    { schema: { tags, summary: 'Set visibility, add and revoke grants of one resource at once', body: BulkPermissionRequest, querystring: AdminQuery, response: { 200: PermissionListing, ...errorResponses(400, 401, 403, 404, 422) } } },
    (request) => permissions.applyBulkPermissions(db, requireIdentity(request.identity), request.body, request.query),
  );
}
