// What the audit log section shows of an entry and which filters it reads from the address (docs/audit-log.md).
import type { AuditLogEntry, AuditLogQuery } from '@atlas/domain';

/** The filters kept in the address, each the name of the call's query parameter. */
export const AUDIT_FILTERS = ['actorId', 'organizationId', 'resourceType', 'resourceId', 'action', 'from', 'to'] as const;
export type AuditFilters = Omit<AuditLogQuery, 'offset' | 'limit'>;

/** The record types the log names, as the resource type filter offers them. */
export const AUDIT_RESOURCE_TYPES = [
  'map',
  'insight',
  'workbook',
  'dataset',
  'map-asset',
  'project',
  'tag',
  'query-template',
  'query-bookmark',
  'data-connection',
  'report',
  'featured-map',
  'user',
  'organization',
  'quota-policy',
  'email-flags',
  'analytic-set-config',
  'query-param-config',
  'shared-parameters',
  'feedback',
] as const;

/** What a change of a record's own row is called, and what a change of something belonging to it. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'grant.create',
  'grant.update',
  'grant.delete',
  'tag.create',
  'tag.delete',
  'publication.create',
  'publication.update',
  'publication.delete',
  'item.create',
  'item.delete',
  'folder.create',
  'folder.update',
  'folder.delete',
  'invitation.create',
  'invitation.delete',
  'flag.create',
  'flag.update',
  'api-key.create',
  'api-key.update',
  'api-key.delete',
  'consent.create',
  'state.create',
  'state.update',
  'state.delete',
] as const;

/** The filters an address names; `from` and `to` are dates (yyyy-mm-dd) in the address, instants in the call. */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of ['actorId', 'organizationId', 'resourceType', 'resourceId', 'action'] as const) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const from = dayStart(params.get('from'), 0);
  const to = dayStart(params.get('to'), 1);
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** Midnight UTC of a yyyy-mm-dd day (plus `days`), or null for anything else. */
function dayStart(day: string | null, days: number): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? null : new Date(time + days * 86_400_000).toISOString();
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `“${value.length > 60 ? `${value.slice(0, 59)}…` : value}”`;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/** One line saying what changed: the columns of an update with their old and new values, or what was made or removed. */
export function describeChange(entry: Pick<AuditLogEntry, 'action' | 'change'>): string {
  const verb = entry.action.split('.').at(-1);
  if (verb === 'update') {
    return Object.entries(entry.change)
      .map(([column, value]) => {
        const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
        return `${column}: ${shown(from)} → ${shown(to)}`;
      })
      .join('; ');
  }
  const name = entry.change.name ?? entry.change.email ?? entry.change.role ?? entry.change.title;
  const what = verb === 'create' ? 'Made' : 'Removed';
  return name === undefined ? `${what} (${Object.keys(entry.change).length} fields)` : `${what} ${shown(name)}`;
}

/** "Ann Lee (administrator mode, API key)": the actor and how they acted; "Nobody signed in" for sign-ups. */
export function describeActor(entry: Pick<AuditLogEntry, 'actor' | 'via' | 'adminMode'>): string {
  const ways = [entry.adminMode && 'administrator mode', entry.via === 'api-key' && 'API key'].filter(Boolean);
  const who = entry.actor ? entry.actor.name || entry.actor.email : 'Nobody signed in';
  return ways.length ? `${who} (${ways.join(', ')})` : who;
}
