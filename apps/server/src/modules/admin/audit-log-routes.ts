import { AuditLogList, AuditLogQuery } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { listAuditLogs } from './audit-log.js';

/** The audit log (bi-and-admin.md §7; docs/audit-log.md): administrators only. */
export function auditLogRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/admin/audit-logs',
    {
      schema: {
        tags: ['administration'],
        summary: 'Every change made through the studio, newest first: who, acting how, which record, when, the change (administrators)',
        querystring: AuditLogQuery,
        response: { 200: AuditLogList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listAuditLogs(db, requireIdentity(request.identity), request.query),
  );
}
