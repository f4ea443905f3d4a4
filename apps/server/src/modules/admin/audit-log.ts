// GET /v1/admin/audit-logs: the entries the tables' triggers wrote (migration 016), newest first, filtered and paged.
import type { AuditLogEntry, AuditLogList, AuditLogQuery, AuditVia } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';

interface EntryRow {
  id: string | number;
  created_at: Date | string;
  request_id: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  via: AuditVia;
  admin_mode: boolean;
  method: string;
  route: string;
  organization_id: string | null;
  resource_type: string;
  resource_id: string;
  action: string;
  change: Record<string, unknown>;
}

const toEntry = (row: EntryRow): AuditLogEntry => ({
  id: String(row.id),
  createdAt: new Date(row.created_at).toISOString(),
  requestId: row.request_id,
  actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' } : null,
  via: row.via,
  adminMode: row.admin_mode,
  method: row.method,
  route: row.route,
  organizationId: row.organization_id,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  action: row.action,
  change: row.change,
});

/** Each filter of the query as a condition on audit_logs a. */
function conditions(query: AuditLogQuery, params: Params): string[] {
  const where: string[] = [];
  if (query.actorId) where.push(`a.actor_id = ${params.add(query.actorId)}::uuid`);
  if (query.organizationId) where.push(`a.organization_id = ${params.add(query.organizationId)}::uuid`);
  if (query.resourceType) where.push(`a.resource_type = ${params.add(query.resourceType)}`);
  if (query.resourceId) where.push(`a.resource_id = ${params.add(query.resourceId)}`);
  if (query.action) where.push(`a.action = ${params.add(query.action)}`);
  if (query.from) where.push(`a.created_at >= ${params.add(query.from)}::timestamptz`);
  if (query.to) where.push(`a.created_at < ${params.add(query.to)}::timestamptz`);
  return where;
}

export async function listAuditLogs(db: Queryable, identity: Identity, query: AuditLogQuery): Promise<AuditLogList> {
  assertAdministrator(identity);
  const params = new Params();
  const where = conditions(query, params);
  const condition = where.length ? where.join(' AND ') : 'TRUE';
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_logs a WHERE ${condition}`, params.values);
  const page = new Params(params.values);
  const rows = await db.query<EntryRow>(
    `SELECT a.*, u.name AS actor_name, u.email AS actor_email FROM audit_logs a LEFT JOIN users u ON u.id = a.actor_id
     WHERE ${condition} ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.add(query.limit ?? 50)} OFFSET ${page.add(query.offset ?? 0)}`,
    page.values,
  );
  return { items: rows.map(toEntry), total: count!.total };
}
