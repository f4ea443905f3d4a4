// The shapes of the console's newer calls, read off the typed client (packages/client/src/catalogue/admin.ts), which
// does not export them by name.
import type { ApiClient } from '@atlas/client';
import type { LISTING_SORT_KEYS } from '@atlas/domain';

type Admin = ApiClient['admin'];

export type ListingSortKey = (typeof LISTING_SORT_KEYS)[number];
export type ReconcileQuotaResult = Awaited<ReturnType<Admin['reconcileQuota']>>;
export type EmailFlags = Awaited<ReturnType<Admin['emailFlags']['get']>>;
export type EmailFlagValues = Parameters<Admin['emailFlags']['set']>[1];
export type OwnedResourceType = Parameters<Admin['resources']['changeOwner']>[0];
export type VisibilityResourceType = Parameters<Admin['resources']['setVisibility']>[0];
