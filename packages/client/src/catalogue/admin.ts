// Typed calls of the administration console (bi-and-admin.md §7 Administration): organizations, invitations,
// user look-up, administrators, seats and quota policies, owner changes, visibility, published maps, quota
// reconciliation, e-mail flags and the audit log. Administrators only; everyone else gets 403.
import type {
  AuditLogList,
  AuditLogQuery,
  CatalogueRecord,
  Dataset,
  FeatureFlag,
  FeatureFlagsUpdate,
  Invitation,
  InvitationCreate,
  InvitationListQuery,
  LISTING_SORT_KEYS,
  Organization,
  OrganizationCreate,
  OrganizationFeatureFlags,
  OrganizationLinkRequest,
  OrganizationListQuery,
  OrganizationUpdate,
  PublishedList,
  QuotaKey,
  QuotaPolicy,
  QuotaUsage,
  Seat,
  User,
  UserFeedbackList,
  UserFeedbackListQuery,
  UserLookupQuery,
  Visibility,
  VISIBILITY_RESOURCE_TYPES,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;

// Shapes of apps/server/src/modules/admin/schemas.ts (the server validates and documents them there).

export type VisibilityResourceType = (typeof VISIBILITY_RESOURCE_TYPES)[number];
export type ListingSortKey = (typeof LISTING_SORT_KEYS)[number];

/** What an owner change can hand over, and the answer of each. */
export type OwnedResourceType = 'map' | 'insight' | 'workbook' | 'dataset';
type Owned<T extends OwnedResourceType> = T extends 'dataset' ? Dataset : CatalogueRecord;
const OWNED_PATHS: Record<OwnedResourceType, string> = { map: '/v1/maps', insight: '/v1/insights', workbook: '/v1/workbooks', dataset: '/v1/datasets' };

export interface VisibilityResult {
  resourceType: VisibilityResourceType;
  id: string;
  privacy: Visibility;
  /** sharedMap made private: the grants withdrawn. */
  revokedGrants: number;
}

export type AdminPublishedQuery = {
  /** 50 by default (at most 200). */
  count?: number;
  offset?: number;
  /** views (default) or date. */
  sortBy?: ListingSortKey;
  organizationId?: string;
};

export interface ReconcileQuotaResult {
  message: string;
  quotaType: QuotaKey;
  dryRun: boolean;
  usageChanges: Array<{ userId: string; email: string; before: number; after: number }>;
  datasetChanges: Array<{ datasetId: string; ownerId: string; before: number | null; after: number }>;
  overLimit: Array<{ userId: string; email: string; used: number; limit: number }>;
}

export interface EmailFlagValues {
  doNotEmail?: boolean;
  bounced?: boolean;
  complained?: boolean;
}

export interface EmailFlags extends Required<EmailFlagValues> {
  email: string;
  userId: string | null;
  updatedBy: string | null;
  /** null: never set. */
  updatedAt: string | null;
}

// ---- Account merge and provisioning (apps/server/src/modules/admin/merge-schemas.ts, provision-schemas.ts) ----

export interface MergeAccountsRequest {
  primaryId: string;
  secondaryIds: string[];
  /** Ours: true answers what would move and changes nothing. */
  dryRun?: boolean;
}

/** What moves, per kind. */
export const MERGE_COUNT_KINDS = [
  'maps', 'insights', 'workbooks', 'datasets', 'mapAssets', 'projects', 'projectEntries', 'queryTemplates', 'queryBookmarks',
  'dataConnections', 'sharedParameters', 'publications', 'states', 'queryExecutions', 'locks', 'tags', 'tagAssignments',
  'grantsMoved', 'grantsMerged', 'grantsRemoved', 'apiKeysMoved', 'apiKeysRevoked', 'sessionsEnded',
] as const;
export type MergeCountKind = (typeof MERGE_COUNT_KINDS)[number];
export type MergeCounts = Record<MergeCountKind, number>;

export interface MergeAccount {
  id: string;
  email: string;
  name: string;
}

export interface MergeAccountsResult {
  message: string;
  dryRun: boolean;
  primary: MergeAccount;
  secondaries: MergeAccount[];
  counts: MergeCounts;
  /** The primary's usage before and after. */
  quotaUsage: { before: QuotaUsage; after: QuotaUsage };
  /** Quotas the primary is above after the merge. */
  overLimit: QuotaKey[];
}

export interface ProvisionAccountRequest {
  organizationId: string;
  /** Ours: also load a small synthetic foot-traffic panel owned by a maker of the organization. */
  demoData?: boolean;
}

export interface ProvisionAccountResult {
  message: string;
  organization: { id: string; name: string };
  makerQuotaPolicy: string;
  flagsEnabled: FeatureFlag[];
  demoData: {
    status: 'not-requested' | 'loaded' | 'already-loaded';
    ownerId: string | null;
    visits: number;
    datasets: Array<{ id: string; name: string; table: string }>;
  };
}

export function createAdminApi(request: Http['request']) {
  return {
    organizations: {
      list: (query: OrganizationListQuery = {}) => request<Organization[]>('GET', '/v1/organizations', { query }),
      get: (orgId: string) => request<Organization>('GET', `/v1/organizations/${id(orgId)}`),
      create: (body: OrganizationCreate) => request<Organization>('POST', '/v1/organizations', { body }),
      update: (orgId: string, body: OrganizationUpdate) => request<Organization>('PUT', `/v1/organizations/${id(orgId)}`, { body }),
      /** Only an empty organization (409 otherwise). */
      remove: (orgId: string) => request<void>('DELETE', `/v1/organizations/${id(orgId)}`),
      /** The user joins the organization with the seat (viewer by default). */
      link: (orgId: string, body: OrganizationLinkRequest) => request<Organization>('POST', `/v1/organizations/${id(orgId)}/link`, { body }),
    },
    invitations: {
      list: (query: InvitationListQuery = {}) => request<Invitation[]>('GET', '/v1/organizations/invitations', { query }),
      create: (orgId: string, invitee: string, application: string, body: InvitationCreate = {}) =>
        request<Invitation>('POST', `/v1/organizations/${id(orgId)}/invitations/${id(invitee)}`, { query: { application }, body }),
      remove: (invitationId: string) => request<void>('DELETE', `/v1/organizations/invitations/${id(invitationId)}`),
    },
    users: {
      /** With `email`: exactly one user, else 404 "No user found for email {email}". */
      lookUp: (query: UserLookupQuery) => request<User[]>('GET', '/v1/users', { query }),
      administrators: () => request<User[]>('GET', '/v1/users/admin'),
      addAdministrator: (userId: string) => request<User>('POST', `/v1/users/admin/${id(userId)}`),
      /** 409 for the last administrator. */
      removeAdministrator: (userId: string) => request<void>('DELETE', `/v1/users/admin/${id(userId)}`),
      setSeat: (userId: string, orgId: string, seat: Seat) =>
        request<User>('PUT', `/v1/admin/users/${id(userId)}/organization/${id(orgId)}/seat/${id(seat)}`),
      setQuotaPolicy: (userId: string, policyId: string) => request<User>('PUT', `/v1/users/${id(userId)}/quotapolicy/${id(policyId)}`),
      /** Vouches for the address (servers without mail): e-mail grants and invitations to it become the user's. */
      verifyEmail: (userId: string) => request<User>('POST', `/v1/users/${id(userId)}/email-verification`),
    },
    quotaPolicies: () => request<QuotaPolicy[]>('GET', '/v1/quotapolicies'),
    resources: {
      /** To a maker of the resource's organization (422 otherwise); its grants stay, the old owner's lock passes on. */
      changeOwner: <T extends OwnedResourceType>(type: T, resourceId: string, ownerId: string) =>
        request<Owned<T>>('PUT', `${OWNED_PATHS[type]}/${id(resourceId)}`, { query: { isAdmin: 'true' }, body: { ownerId } }),
      setVisibility: (type: VisibilityResourceType, resourceId: string, privacy: Visibility) =>
        request<VisibilityResult>('PUT', `/v1/admin/${id(type)}/${id(resourceId)}/update-visibility`, { body: { privacy } }),
      publishedMaps: (query: AdminPublishedQuery = {}) => request<PublishedList>('GET', '/v1/admin/maps/published', { query }),
    },
    /** dryRun: true reports what would change and changes nothing. */
    reconcileQuota: (quotaType: QuotaKey, dryRun: boolean) => request<ReconcileQuotaResult>('POST', '/v1/admin/reconcile-quota', { body: { quotaType, dryRun } }),
    /** An organization's feature flags (docs/feature-flags.md): a flag never set is off. */
    featureFlags: {
      get: (orgId: string) => request<OrganizationFeatureFlags>('GET', `/v1/admin/organizations/${id(orgId)}/flags`),
      /** Flags left out keep their value; an unknown flag is refused (400). */
      set: (orgId: string, flags: FeatureFlagsUpdate) => request<OrganizationFeatureFlags>('PUT', `/v1/admin/organizations/${id(orgId)}/flags`, { body: flags }),
    },
    /** One transaction: everything of the secondaries moves to the primary and they are disabled; dryRun changes nothing. */
    mergeAccounts: (body: MergeAccountsRequest) => request<MergeAccountsResult>('POST', '/v1/admin/merge-accounts', { body }),
    /** The organization's defaults, and with demoData a small demo panel (loaded within the call). */
    provisionAccount: (body: ProvisionAccountRequest) => request<ProvisionAccountResult>('POST', '/v1/admin/pipelines/provision-account', { body }),
    emailFlags: {
      get: (email: string) => request<EmailFlags>('GET', '/v1/email_flags', { query: { email } }),
      /** Flags left out keep their value. */
      set: (email: string, flags: EmailFlagValues) => request<EmailFlags>('POST', '/v1/email_flags', { body: { email, ...flags } }),
    },
    /** Every change made through the studio, newest first (docs/audit-log.md). */
    auditLogs: (query: AuditLogQuery = {}) => request<AuditLogList>('GET', '/v1/admin/audit-logs', { query }),
    /** Every user's feedback, newest first (docs/error-reports.md). */
    feedback: (query: UserFeedbackListQuery = {}) => request<UserFeedbackList>('GET', '/v1/admin/feedback', { query }),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;
