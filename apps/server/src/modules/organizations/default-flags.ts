import type { FeatureFlag } from '@atlas/domain';

/** The feature flags a new organization starts with switched on: the demo organization's, and provisioning's. */
export const DEFAULT_ORGANIZATION_FLAGS: readonly FeatureFlag[] = [
  'query-cache-enabled',
  'insights-enabled',
  'fsq-bi-enabled',
  'pivot-table-enabled',
  'insights-editor-enabled',
  'workbooks-enabled',
  'dashboard-beta-enabled',
  'connector-selection-enabled',
  'storage-connectors-enabled',
];
