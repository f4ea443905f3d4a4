import { Type, type Static, type TProperties } from 'typebox';
import { PERMISSION_ACTIONS, PERMISSION_ROLES, SEATS, VISIBILITIES, type PermissionRole, type Seat } from '../enums.js';
import { DateTime, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

/** Resource types whose records carry permissions today. */
export const PERMISSION_RESOURCE_TYPES = ['map', 'insight', 'workbook', 'dataset', 'map-asset', 'project', 'query-template', 'query-bookmark', 'data-connection'] as const;
export type PermissionResourceType = (typeof PERMISSION_RESOURCE_TYPES)[number];

export const PermissionResourceTypeSchema = StringEnum(PERMISSION_RESOURCE_TYPES);
export const PermissionRoleSchema = StringEnum(PERMISSION_ROLES);
export const VisibilitySchema = StringEnum(VISIBILITIES);

/**
 * Who receives a grant. `user` and `organization` take an id, `role` an organization role (viewer or maker:
 * members of the resource's organization with that seat), `email` an address (it becomes that user's grant
 * when the user exists or signs up).
 */
const GRANTEE_SHAPES = {
  user: Uuid(),
  organization: Uuid(),
  role: StringEnum(SEATS),
  email: Type.String({ format: 'email', maxLength: 320 }),
};

/**
 * One closed object per grantee kind, each with `extra` properties beside the grant's own. The discriminator
 * lets validation report the one branch that applies instead of every branch's complaints.
 */
const grantUnion = <T>(extra: TProperties, title: string) =>
  Type.Unsafe<T>({
    title,
    oneOf: Object.entries(GRANTEE_SHAPES).map(([kind, granteeId]) =>
      Type.Object({ ...extra, granteeType: Type.Literal(kind), granteeId, role: PermissionRoleSchema }, { additionalProperties: false }),
    ),
    discriminator: { propertyName: 'granteeType' },
  });

export const Grant = grantUnion<Grant>({}, 'Grant');
export type Grant =
  | { granteeType: 'user' | 'organization'; granteeId: string; role: PermissionRole }
  | { granteeType: 'role'; granteeId: Seat; role: PermissionRole }
  | { granteeType: 'email'; granteeId: string; role: PermissionRole };

export const Permission = Type.Object(
  {
    id: Uuid(),
    resourceType: PermissionResourceTypeSchema,
    resourceId: Uuid(),
    granteeType: StringEnum(['user', 'role', 'organization', 'email'] as const),
    granteeId: Type.String(),
    role: PermissionRoleSchema,
    actions: Type.Array(StringEnum(PERMISSION_ACTIONS)),
    ...Timestamps,
  },
  { title: 'Permission' },
);
export type Permission = Static<typeof Permission>;

export const CreatePermissionRequest = grantUnion<CreatePermissionRequest>({ resourceType: PermissionResourceTypeSchema, resourceId: Uuid() }, 'CreatePermissionRequest');
export type CreatePermissionRequest = { resourceType: PermissionResourceType; resourceId: string } & Grant;

export const UpdatePermissionRequest = Type.Object({ role: PermissionRoleSchema }, { additionalProperties: false });
export type UpdatePermissionRequest = Static<typeof UpdatePermissionRequest>;

/** Body of `POST /{id}/share` on records: grants to add or change, grants to revoke, and visibility. */
export const ShareRequest = Type.Object(
  {
    visibility: Type.Optional(VisibilitySchema),
    grants: Type.Optional(Type.Array(Grant, { maxItems: 500 })),
    revoke: Type.Optional(Type.Array(Uuid(), { maxItems: 500 })),
  },
  { additionalProperties: false, title: 'ShareRequest' },
);
export type ShareRequest = Static<typeof ShareRequest>;

export const BulkPermissionRequest = Type.Object(
  {
    resourceType: PermissionResourceTypeSchema,
    resourceId: Uuid(),
    visibility: Type.Optional(VisibilitySchema),
    grants: Type.Optional(Type.Array(Grant, { maxItems: 500 })),
    revoke: Type.Optional(Type.Array(Uuid(), { maxItems: 500 })),
  },
  { additionalProperties: false, title: 'BulkPermissionRequest' },
);
export type BulkPermissionRequest = Static<typeof BulkPermissionRequest>;

const PermissionRef = Type.Object({ id: Uuid(), role: PermissionRoleSchema, actions: Type.Array(StringEnum(PERMISSION_ACTIONS)), createdAt: DateTime() });

/** Who can reach a resource: the spec's listing of organizations, users (with seat) and emails, plus role grants. */
export const PermissionListing = Type.Object(
  {
    resourceType: PermissionResourceTypeSchema,
    resourceId: Uuid(),
    visibility: VisibilitySchema,
    ownerId: Uuid(),
    organizations: Type.Array(Type.Object({ id: Uuid(), name: Type.String(), permission: PermissionRef })),
    users: Type.Array(
      Type.Object({ id: Uuid(), name: Type.String(), email: Type.String(), seat: StringEnum(SEATS), permission: PermissionRef }),
    ),
    emails: Type.Array(Type.Object({ email: Type.String(), permission: PermissionRef })),
    roles: Type.Array(Type.Object({ role: StringEnum(SEATS), permission: PermissionRef })),
  },
  { title: 'PermissionListing' },
);
export type PermissionListing = Static<typeof PermissionListing>;
