// The audit log (GET /v1/admin/audit-logs, bi-and-admin.md §7): one entry per record a request changed, written in the
// change's own transaction. What is logged and how entries merge: docs/audit-log.md.
import { type Static, Type } from 'typebox';
import { SQL_PAGING_DEFAULTS } from '../constants.js';
import { DateTime, Nullable, StringEnum, Uuid } from '../schema-helpers.js';

export const AUDIT_VIAS = ['session', 'api-key', 'anonymous'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];


export const AuditLogQuery = Type.Object(
  {
    actorId: Type.Optional(Uuid({ description: 'Only changes made by this user' })),
    organizationId: Type.Optional(Uuid({ description: "Only changes to this organization's records" })),
    resourceType: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'dataset, map, insight, workbook, user, organization, …' })),
    resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'create, update, delete, or noun.verb for what belongs to a record (grant.create, tag.delete, …)' })),
    from: Type.Optional(DateTime({ description: 'Changes at or after this time' })),
    to: Type.Optional(DateTime({ description: 'Changes before this time' })),
    offset: Type.Integer({ minimum: 0, default: SQL_PAGING_DEFAULTS.offset }),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = { actorId?: string; organizationId?: string; resourceType?: string; resourceId?: string; action?: string; from?: string; to?: string; offset?: number; limit?: number };

export const AuditActor = Type.Object({ id: Uuid(), name: Type.String(), email: Type.String() }, { additionalProperties: false, title: 'AuditActor' });

export const AuditLogEntry = Type.Object(
  {
    id: Type.String({ description: 'Increasing with time' }),
    createdAt: DateTime(),
    requestId: Uuid({ description: 'The request that made the change: its other entries share it' }),
    actor: Nullable(AuditActor),
    via: StringEnum(AUDIT_VIAS, { description: 'How the actor signed the request: a session, an API key, or nobody (sign-up, public pages)' }),
    adminMode: Type.Boolean({ description: 'An administrator acting on records of others (isAdmin=true)' }),
    method: Type.String(),
    route: Type.String(),
    organizationId: Nullable(Uuid()),
    resourceType: Type.String(),
    resourceId: Type.String(),
    action: Type.String(),
    change: Type.Record(Type.String(), Type.Unknown(), {
      description: 'create and delete: the row; update: each changed column as {from, to}. Secrets read "(hidden)"; values over 4 KiB are replaced by their size.',
    }),
  },
  { additionalProperties: false, title: 'AuditLogEntry' },
);
export type AuditLogEntry = Static<typeof AuditLogEntry>;

export const AuditLogList = Type.Object({ items: Type.Array(AuditLogEntry), total: Type.Integer({ minimum: 0 }) }, { additionalProperties: false, title: 'AuditLogList' });
export type AuditLogList = Static<typeof AuditLogList>;
