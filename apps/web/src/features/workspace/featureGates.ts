// Which flags each part of the web app needs (docs/feature-flags.md): all of them on, or the part is hidden.
import type { FeatureFlag, FeatureFlags } from '@atlas/domain';

export const WORKBOOKS_FLAGS: readonly FeatureFlag[] = ['workbooks-enabled'];
/** Every dashboard is an insight of an analytic set: both flags gate the dashboard screens. */
export const DASHBOARDS_FLAGS: readonly FeatureFlag[] = ['insights-enabled', 'fsq-bi-enabled'];
export const STORAGE_CONNECTORS_FLAGS: readonly FeatureFlag[] = ['storage-connectors-enabled'];
export const PIVOT_FLAGS: readonly FeatureFlag[] = ['pivot-table-enabled'];

/** Whether every flag of `required` is on; flags not known yet (null) enable nothing that needs one. */
export function flagsAllow(flags: FeatureFlags | null, required: readonly FeatureFlag[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return flags !== null && required.every((flag) => flags[flag] === true);
}

/**
 * For parts also shown signed out (a published dashboard's pivot): hidden only when the signed-in user's flags are
 * known and say off; unknown flags (signed out, still loading) hide nothing.
 */
export function flagsForbid(flags: FeatureFlags | undefined, required: readonly FeatureFlag[]): boolean {
  return flags !== undefined && !flagsAllow(flags, required);
}
