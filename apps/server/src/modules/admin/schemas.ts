import {
  DateTime,
  LISTING_SORT_KEYS,
  PUBLISHED_MAPS_DEFAULTS,
  QUOTA_KEYS,
  StringEnum,
  Uuid,
  VISIBILITIES,
  VISIBILITY_RESOURCE_TYPES,
} from '@atlas/domain';
import { Type, type Static } from 'typebox';

// Request and answer schemas of the administration calls built in modules/admin (bi-and-admin.md §7): validation and
// OpenAPI come from these. Their TypeScript twins for browsers are in packages/client/src/catalogue/admin.ts.

// ---- Visibility ----

export const VisibilityParams = Type.Object({ resourceType: StringEnum(VISIBILITY_RESOURCE_TYPES), id: Uuid() });
export type VisibilityParams = Static<typeof VisibilityParams>;

export const VisibilityUpdate = Type.Object(
  { privacy: StringEnum(VISIBILITIES, { description: 'private or public_read (see docs/admin.md for what each resource type does with it)' }) },
  { additionalProperties: false, title: 'VisibilityUpdate' },
);
export type VisibilityUpdate = Static<typeof VisibilityUpdate>;

export const VisibilityResult = Type.Object(
  {
    resourceType: StringEnum(VISIBILITY_RESOURCE_TYPES),
    id: Uuid(),
    privacy: StringEnum(VISIBILITIES),
    revokedGrants: Type.Integer({ minimum: 0, description: 'sharedMap made private: the grants withdrawn' }),
  },
  { title: 'VisibilityResult' },
);
export type VisibilityResult = Static<typeof VisibilityResult>;

// ---- Published maps ----

export const AdminPublishedQuery = Type.Object(
  {
    count: Type.Integer({ minimum: 1, maximum: 200, default: PUBLISHED_MAPS_DEFAULTS.count }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
    sortBy: StringEnum(LISTING_SORT_KEYS, { default: PUBLISHED_MAPS_DEFAULTS.sortBy }),
    organizationId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);
export type AdminPublishedQuery = Static<typeof AdminPublishedQuery>;

// ---- Quota reconciliation ----

export const ReconcileQuotaRequest = Type.Object(
  {
    quotaType: StringEnum(QUOTA_KEYS),
    dryRun: Type.Boolean({ description: 'true: report what would change and change nothing' }),
  },
  { additionalProperties: false, title: 'ReconcileQuotaRequest' },
);
export type ReconcileQuotaRequest = Static<typeof ReconcileQuotaRequest>;

const UsageChange = Type.Object({ userId: Uuid(), email: Type.String(), before: Type.Integer(), after: Type.Integer() });
const DatasetSizeChange = Type.Object({ datasetId: Uuid(), ownerId: Uuid(), before: Type.Union([Type.Number(), Type.Null()]), after: Type.Number() });
const OverLimit = Type.Object({ userId: Uuid(), email: Type.String(), used: Type.Integer(), limit: Type.Integer() });

export const ReconcileQuotaResult = Type.Object(
  {
    message: Type.String(),
    quotaType: StringEnum(QUOTA_KEYS),
    dryRun: Type.Boolean(),
    usageChanges: Type.Array(UsageChange, { description: 'Users whose usage the recount changes (changed unless dryRun)' }),
    datasetChanges: Type.Array(DatasetSizeChange, { description: 'storageMegabytes: datasets whose recorded size differs from their stored data' }),
    overLimit: Type.Array(OverLimit, { description: 'Users above their policy limit after the recount (nothing is removed)' }),
  },
  { title: 'ReconcileQuotaResult' },
);
export type ReconcileQuotaResult = Static<typeof ReconcileQuotaResult>;

// ---- E-mail flags ----

const Email = Type.String({ format: 'email', maxLength: 320 });
export const EMAIL_FLAG_NAMES = ['doNotEmail', 'bounced', 'complained'] as const;
export type EmailFlagName = (typeof EMAIL_FLAG_NAMES)[number];

export const EmailFlagsUpdate = Type.Object(
  {
    email: Email,
    doNotEmail: Type.Optional(Type.Boolean({ description: 'The address asked for no mail beyond what its account needs' })),
    bounced: Type.Optional(Type.Boolean({ description: 'Mail to the address bounced' })),
    complained: Type.Optional(Type.Boolean({ description: 'The address reported our mail as spam' })),
  },
  { additionalProperties: false, minProperties: 2, title: 'EmailFlagsUpdate', description: 'The e-mail and at least one flag; flags left out keep their value' },
);
export type EmailFlagsUpdate = Static<typeof EmailFlagsUpdate>;

export const EmailFlagsQuery = Type.Object({ email: Email }, { additionalProperties: false });

export const EmailFlags = Type.Object(
  {
    email: Type.String(),
    doNotEmail: Type.Boolean(),
    bounced: Type.Boolean(),
    complained: Type.Boolean(),
    userId: Type.Union([Uuid(), Type.Null()], { description: 'The account with this address, if any' }),
    updatedBy: Type.Union([Uuid(), Type.Null()]),
    updatedAt: Type.Union([DateTime(), Type.Null()], { description: 'null: never set (every flag false)' }),
  },
  { title: 'EmailFlags' },
);
export type EmailFlags = Static<typeof EmailFlags>;
