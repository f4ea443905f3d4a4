import { Type, type Static } from 'typebox';
import { PENDING_MEMBERSHIP_FILTER_TYPES, SEATS, type Seat } from '../enums.js';
import { SQL_PAGING_DEFAULTS } from '../constants.js';
import { Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

// Administration calls of bi-and-admin.md §7: organizations, invitations (pending memberships), user look-up.

const OrganizationName = Type.String({ minLength: 1, maxLength: 200 });
const QuotaPolicyId = Type.String({ minLength: 1, maxLength: 100, description: 'Id of a quota policy (GET /v1/quotapolicies)' });
const Paging = {
  offset: Type.Optional(Type.Integer({ minimum: 0, default: SQL_PAGING_DEFAULTS.offset })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: SQL_PAGING_DEFAULTS.limit })),
};

export const OrganizationCreate = Type.Object(
  {
    name: OrganizationName,
    makerQuotaPolicy: Type.Optional(Nullable(QuotaPolicyId)),
  },
  { additionalProperties: false, title: 'OrganizationCreate', description: 'makerQuotaPolicy: the policy its makers get (null: the maker policy)' },
);
export type OrganizationCreate = Static<typeof OrganizationCreate>;

export const OrganizationUpdate = Type.Object(
  {
    name: Type.Optional(OrganizationName),
    makerQuotaPolicy: Type.Optional(Nullable(QuotaPolicyId)),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    title: 'OrganizationUpdate',
    description: 'A new makerQuotaPolicy is given at once to every maker of the organization',
  },
);
export type OrganizationUpdate = Static<typeof OrganizationUpdate>;

export const OrganizationListQuery = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the name, any case' })), ...Paging },
  { additionalProperties: false },
);
export type OrganizationListQuery = Static<typeof OrganizationListQuery>;

export const OrganizationLinkRequest = Type.Object(
  {
    userId: Uuid({ description: 'The user who joins the organization (and leaves their current one)' }),
    seat: Type.Optional(StringEnum(SEATS, { default: 'viewer', description: 'Their seat in it; the quota policy follows the seat' })),
  },
  { additionalProperties: false, title: 'OrganizationLinkRequest' },
);
export type OrganizationLinkRequest = { userId: string; seat?: Seat };

export const Invitation = Type.Object(
  {
    id: Uuid(),
    email: Type.String(),
    organizationId: Uuid(),
    organizationName: Type.String(),
    application: Type.String(),
    message: Type.String(),
    seat: StringEnum(SEATS),
    invitedBy: Nullable(Uuid()),
    ...Timestamps,
  },
  { title: 'Invitation', description: 'A pending membership: becomes one when the addressee signs in with the address verified' },
);
export type Invitation = Static<typeof Invitation> & { seat: Seat };

export const InvitationListQuery = Type.Object(
  {
    filterType: Type.Optional(StringEnum(PENDING_MEMBERSHIP_FILTER_TYPES, { default: 'email', description: 'What `filter` looks in' })),
    filter: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: 'Part of the e-mail or message, any case' })),
    organizationId: Type.Optional(Uuid()),
    ...Paging,
  },
  { additionalProperties: false },
);
export type InvitationListQuery = Static<typeof InvitationListQuery>;

export const InvitationCreateQuery = Type.Object(
  { application: Type.String({ minLength: 1, maxLength: 100, description: 'The application the invitation is for' }) },
  { additionalProperties: false },
);
export type InvitationCreateQuery = Static<typeof InvitationCreateQuery>;

export const InvitationCreate = Type.Object(
  {
    message: Type.Optional(Type.String({ maxLength: 2000 })),
    seat: Type.Optional(StringEnum(SEATS, { default: 'viewer' })),
  },
  { additionalProperties: false, title: 'InvitationCreate' },
);
export type InvitationCreate = { message?: string; seat?: Seat };

export const InvitationParams = Type.Object({
  orgId: Uuid(),
  invitee: Type.String({ format: 'email', maxLength: 320, description: 'The e-mail address invited' }),
});

export const UserLookupQuery = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: 'Exactly this address, any case: one user or 404' })),
    id: Type.Optional(Uuid()),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the name, any case' })),
    organizationId: Type.Optional(Uuid()),
    ...Paging,
  },
  { additionalProperties: false, description: 'Users matching every property given' },
);
export type UserLookupQuery = Static<typeof UserLookupQuery>;

export const SeatParams = Type.Object({ userId: Uuid(), orgId: Uuid(), seat: StringEnum(SEATS) });
export type SeatParams = { userId: string; orgId: string; seat: Seat };

export const QuotaPolicyParams = Type.Object({ id: Uuid(), policyId: QuotaPolicyId });

/** When the last administrator may not be removed, DELETE says so with this. */
export const LAST_ADMINISTRATOR_MESSAGE = 'The last administrator cannot be removed';
