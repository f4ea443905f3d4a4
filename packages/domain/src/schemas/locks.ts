import { Type, type Static } from 'typebox';
import { DateTime, StringEnum, Uuid } from '../schema-helpers.js';

/** An editing lock lapses this long after it was last taken or refreshed. */
export const LOCK_TTL_SECONDS = 10 * 60;

/** Resources that can be locked for editing: the generic records. */
export const LOCK_RESOURCE_TYPES = ['map', 'insight', 'workbook'] as const;
export type LockResourceType = (typeof LOCK_RESOURCE_TYPES)[number];

/** The holder's display name, so a read-only screen can say who edits (no route names another user; never the email). */
const ownerName = Type.String({ description: "The lock holder's display name" });

/** The lock as a record shows it (workspace-and-catalogue.md §3 Map: acquiredAt, expiresAt, ownerId; ownerName is ours). */
export const Lock = Type.Object(
  { ownerId: Uuid(), ownerName, acquiredAt: DateTime(), expiresAt: DateTime() },
  { title: 'Lock', description: 'Who may edit the record until expiresAt; others open it read-only' },
);
export type Lock = Static<typeof Lock>;

/** The answer of PUT /v1/locks/{type}/{id}/owner: the lock and what it locks. */
export const ResourceLock = Type.Object(
  { resourceType: StringEnum(LOCK_RESOURCE_TYPES), resourceId: Uuid(), ownerId: Uuid(), ownerName, acquiredAt: DateTime(), expiresAt: DateTime() },
  { title: 'ResourceLock' },
);
export type ResourceLock = Static<typeof ResourceLock>;

export const LockOwnerRequest = Type.Object({ ownerId: Uuid() }, { additionalProperties: false, title: 'LockOwnerRequest' });
export type LockOwnerRequest = Static<typeof LockOwnerRequest>;
