// Account merge in the console: the shapes of the typed client's calls, the labels of what moves, and the rules the
// picker follows before anything is sent (the server checks them again: docs/admin.md "Account merge").
import type { ApiClient } from '@atlas/client';
import type { QuotaKey, User } from '@atlas/domain';

type Admin = ApiClient['admin'];
export type MergeAccountsResult = Awaited<ReturnType<Admin['mergeAccounts']>>;
export type MergeCounts = MergeAccountsResult['counts'];
export type ProvisionAccountResult = Awaited<ReturnType<Admin['provisionAccount']>>;

/** The most secondaries one merge takes (the server's limit). */
export const MAX_SECONDARIES = 20;

/** What each count is, in the order the summary lists them. */
export const MERGE_COUNT_LABELS = {
  maps: 'Maps',
  insights: 'Dashboards',
  workbooks: 'Workbooks',
  datasets: 'Datasets',
  mapAssets: 'Map styles and palettes',
  projects: 'Projects',
  projectEntries: 'Entries of those projects',
  queryTemplates: 'Query templates',
  queryBookmarks: 'Query bookmarks',
  dataConnections: 'Data connections',
  sharedParameters: 'Shared parameter sets',
  publications: 'Publications',
  states: 'Saved states',
  queryExecutions: 'Query runs',
  locks: 'Editing locks',
  tags: 'Tags they made',
  tagAssignments: 'Tags on the resources that move',
  grantsMoved: 'Grants passed to the primary',
  grantsMerged: 'Grants folded into one (the higher role kept)',
  grantsRemoved: 'Grants no longer needed (on what the primary owns)',
  apiKeysMoved: 'API key passed to the primary',
  apiKeysRevoked: 'API keys revoked',
  sessionsEnded: 'Sessions ended',
} as const satisfies Record<keyof MergeCounts, string>;

export const QUOTA_NAMES = {
  maps: 'maps',
  datasets: 'datasets',
  insights: 'dashboards',
  workbooks: 'workbooks',
  dataConnections: 'data connections',
  storageMegabytes: 'storage (MB)',
} as const satisfies Record<QuotaKey, string>;

/** The kinds that move, with their counts, in summary order; kinds with nothing to move are left out. */
export function summaryRows(counts: MergeCounts): Array<{ kind: keyof MergeCounts; label: string; count: number }> {
  return (Object.keys(MERGE_COUNT_LABELS) as Array<keyof MergeCounts>)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => ({ kind, label: MERGE_COUNT_LABELS[kind], count: counts[kind] }));
}

/** The primary's quota usage that changes, as "before → after". */
export function usageChanges(result: Pick<MergeAccountsResult, 'quotaUsage'>): Array<{ key: QuotaKey; label: string; before: number; after: number }> {
  return (Object.keys(QUOTA_NAMES) as QuotaKey[])
    .filter((key) => result.quotaUsage.before[key] !== result.quotaUsage.after[key])
    .map((key) => ({ key, label: QUOTA_NAMES[key], before: result.quotaUsage.before[key], after: result.quotaUsage.after[key] }));
}

/** Why `user` cannot be added as a secondary, or null when it can. */
export function secondaryRefusal(user: User, primary: User | null, secondaries: readonly User[], signedInId: string): string | null {
  if (user.id === signedInId) return 'You cannot merge away your own account';
  if (primary?.id === user.id) return 'This is the primary account';
  if (secondaries.some((picked) => picked.id === user.id)) return 'Already a secondary';
  if (secondaries.length >= MAX_SECONDARIES) return `At most ${MAX_SECONDARIES} secondaries at a time`;
  if (primary && primary.organization.id !== user.organization.id) return `Not in ${primary.organization.name}, the primary’s organization`;
  return null;
}

/** Why `user` cannot be the primary, or null when it can. */
export function primaryRefusal(user: User, secondaries: readonly User[]): string | null {
  if (secondaries.some((picked) => picked.id === user.id)) return 'Already a secondary';
  const elsewhere = secondaries.find((picked) => picked.organization.id !== user.organization.id);
  return elsewhere ? `${elsewhere.email} is in another organization` : null;
}

/** A search typed in the picker: a whole address looks up that user, anything else searches names. */
export function userSearch(text: string): { email: string } | { name: string } | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? { email: trimmed } : { name: trimmed };
}
