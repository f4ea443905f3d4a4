import { Type, type Static } from 'typebox';
import { FEATURE_FLAGS, SEATS, type FeatureFlag, type Seat } from '../enums.js';
import { QUOTA_MAX_VALUE } from '../constants.js';
import { DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

const QuotaCount = Type.Integer({ minimum: 0, maximum: QUOTA_MAX_VALUE });

/** What a quota policy limits and what a user's usage counts, one key each. */
export const QUOTA_KEYS = ['maps', 'datasets', 'insights', 'workbooks', 'dataConnections', 'storageMegabytes'] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];
const quotaShape = Object.fromEntries(QUOTA_KEYS.map((key) => [key, QuotaCount])) as Record<QuotaKey, typeof QuotaCount>;

export const QuotaLimits = Type.Object(quotaShape, { title: 'QuotaLimits', additionalProperties: false });
export type QuotaLimits = Static<typeof QuotaLimits>;
export const QuotaUsage = Type.Object(quotaShape, { title: 'QuotaUsage', additionalProperties: false });
export type QuotaUsage = Static<typeof QuotaUsage>;

export const QuotaPolicy = Type.Object(
  { id: Type.String(), name: Type.String(), description: Type.String(), limits: QuotaLimits },
  { title: 'QuotaPolicy' },
);
export type QuotaPolicy = Static<typeof QuotaPolicy>;

export const Quota = Type.Object({ quotaPolicy: QuotaPolicy, quotaUsage: QuotaUsage }, { title: 'Quota' });
export type Quota = Static<typeof Quota>;

export const SeatSchema = StringEnum(SEATS, { description: 'Organization role: viewer or maker' });

export const Organization = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    makerQuotaPolicy: Nullable(Type.String()),
    makerRoleUsersCount: Type.Integer({ minimum: 0 }),
    viewerRoleUsersCount: Type.Integer({ minimum: 0 }),
    ...Timestamps,
  },
  { title: 'Organization' },
);
export type Organization = Static<typeof Organization>;

export const FeatureFlags = Type.Object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, Type.Boolean()])),
  { title: 'FeatureFlags', additionalProperties: false },
);
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const ScreeningStatus = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: 'HIGH_RISK=1, PENDING_REVIEW=2; null when the user was never flagged',
});

export const OrganizationRef = Type.Object({ id: Uuid(), name: Type.String() });

export const User = Type.Object(
  {
    id: Uuid(),
    email: Type.String({ format: 'email' }),
    name: Type.String(),
    organization: OrganizationRef,
    seat: SeatSchema,
    isAdmin: Type.Boolean(),
    quotaPolicy: QuotaPolicy,
    quotaUsage: QuotaUsage,
    screeningStatus: Nullable(ScreeningStatus),
    lastScreeningUpdate: Nullable(DateTime()),
    organizationSeatMap: Type.Record(Type.String(), SeatSchema),
    emailVerified: Type.Boolean({ description: 'The address is proven (its verification link opened, or an administrator verified it): e-mail grants and invitations reach the account' }),
    disabledAt: Nullable(DateTime({ description: 'When the account was merged into another (POST /v1/admin/merge-accounts): it cannot sign in' })),
    flags: Type.Optional(FeatureFlags),
    ...Timestamps,
  },
  { title: 'User' },
);
export type User = Static<typeof User> & { seat: Seat; flags?: FeatureFlags };

export const UserUpdate = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, description: 'Fields a user may change on their own profile' },
);
export type UserUpdate = Static<typeof UserUpdate>;

export const UserSeat = Type.Object({ userId: Uuid(), organizationId: Uuid(), seat: SeatSchema });
export type UserSeat = Static<typeof UserSeat>;

export const SignInRequest = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SignInRequest = Static<typeof SignInRequest>;

export const SignInResponse = Type.Object({ token: Type.String(), expiresAt: DateTime(), user: User });
export type SignInResponse = { token: string; expiresAt: string; user: User };

export const ApiKey = Type.Object(
  {
    id: Uuid(),
    prefix: Type.String({ description: 'First characters of the key, to recognise it' }),
    expiresAt: Nullable(DateTime()),
    lastUsedAt: Nullable(DateTime()),
    ...Timestamps,
  },
  { title: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyWithSecret = Type.Intersect([ApiKey, Type.Object({ key: Type.String({ description: 'Shown once' }) })]);
export type ApiKeyWithSecret = ApiKey & { key: string };

export const ApiKeyRequest = Type.Object(
  { expiresAt: Type.Optional(Nullable(DateTime({ description: 'When the key stops working; null never' }))) },
  { additionalProperties: false },
);
export type ApiKeyRequest = Static<typeof ApiKeyRequest>;

export type { Seat };

export const SignUpRequest = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type SignUpRequest = Static<typeof SignUpRequest>;

/** The same answer whether the address was new or already had an account, so sign-up cannot list accounts. */
export const SignUpResponse = Type.Object({ message: Type.String() }, { title: 'SignUpResponse' });

/** What a signed-out page may offer (GET /v1/auth/options). */
export const AuthOptions = Type.Object({ allowSignUp: Type.Boolean({ description: 'POST /v1/auth/sign-up opens accounts (ALLOW_SIGN_UP)' }) }, { title: 'AuthOptions' });
export type AuthOptions = Static<typeof AuthOptions>;
export type SignUpResponse = Static<typeof SignUpResponse>;

export const EmailVerificationQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the link sent by e-mail' }) },
  { additionalProperties: false },
);
export type EmailVerificationQuery = Static<typeof EmailVerificationQuery>;

export const EmailVerified = Type.Object({ message: Type.String() }, { title: 'EmailVerified' });
export type EmailVerified = Static<typeof EmailVerified>;

export const PasswordChangeRequest = Type.Object(
  {
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Required when changing your own password' })),
    newPassword: Type.String({ minLength: 8, maxLength: 1024 }),
  },
  { additionalProperties: false, title: 'PasswordChangeRequest' },
);
export type PasswordChangeRequest = Static<typeof PasswordChangeRequest>;

export const ScreeningStatusUpdates = Type.Array(
  Type.Object({ userId: Uuid(), status: Nullable(ScreeningStatus) }, { additionalProperties: false }),
  { minItems: 1, maxItems: 1000, title: 'ScreeningStatusUpdates', description: 'Screening status per user; null clears it' },
);
export type ScreeningStatusUpdates = Static<typeof ScreeningStatusUpdates>;

export const ScreeningStatusResult = Type.Array(
  Type.Object({ userId: Uuid(), screeningStatus: Nullable(ScreeningStatus), lastScreeningUpdate: DateTime() }),
);
export type ScreeningStatusResult = Static<typeof ScreeningStatusResult>;

export const Industries = Type.Object({ industries: Type.Array(Type.String()) });
export type Industries = Static<typeof Industries>;
