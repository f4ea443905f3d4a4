import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withAuditContext, type AuditContext } from '../store/index.js';

function auditContextOf(request: FastifyRequest): AuditContext {
  const identity = request.identity;
  const query = request.query as { isAdmin?: unknown } | undefined;
  return {
    requestId: randomUUID(),
    actorId: identity?.userId ?? null,
    organizationId: identity?.organizationId ?? null,
    via: identity ? (identity.via === 'apiKey' ? 'api-key' : 'session') : 'anonymous',
    adminMode: identity?.isAdmin === true && query?.isAdmin === true,
    method: request.method,
    route: request.routeOptions.url ?? 'unknown',
  };
}

/**
 * Every handler runs inside its request's audit context, so each write it makes is logged with who made it
 * (store/audit.ts). A callback hook, as late as possible: the context then holds for the handler and what it awaits.
 */
export function registerAuditContext(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => withAuditContext(auditContextOf(request), done));
}
