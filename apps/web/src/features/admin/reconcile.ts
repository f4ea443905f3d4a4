// Labels of the quota types, shared by the policies table and the reconciliation.
import type { QuotaKey } from '@atlas/domain';

export const QUOTA_LABELS = {
  maps: 'Maps',
  datasets: 'Datasets',
  insights: 'Insights',
  workbooks: 'Workbooks',
  dataConnections: 'Data connections',
  storageMegabytes: 'Storage (MB)',
} as const satisfies Record<QuotaKey, string>;

/** What a reconciliation report amounts to: whether it corrected (or would correct) anything. */
export function changesCount(result: { usageChanges: readonly unknown[]; datasetChanges: readonly unknown[] }): number {
  return result.usageChanges.length + result.datasetChanges.length;
}
