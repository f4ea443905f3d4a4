import type { FeatureFlag, FeatureFlags, User } from '@atlas/domain';
import { paths } from '@atlas/routes';
import type { IconName } from '../../ui/Icon';
import { DASHBOARDS_FLAGS, WORKBOOKS_FLAGS, flagsAllow } from './featureGates';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Feature flags the entry needs, all on (docs/feature-flags.md). */
  flags?: readonly FeatureFlag[];
}

/** The workspace's left navigation, in display order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Datasets', to: paths.datasets(), icon: 'datasets' },
  { label: 'Connectors', to: paths.connectors(), icon: 'connectors' },
  { label: 'Queries', to: paths.queries(), icon: 'queries' },
  { label: 'Maps', to: paths.maps(), icon: 'maps' },
  { label: 'Dashboards', to: paths.dashboards(), icon: 'dashboards', flags: DASHBOARDS_FLAGS },
  { label: 'Workbooks', to: paths.workbooks(), icon: 'workbooks', flags: WORKBOOKS_FLAGS },
  { label: 'Projects', to: paths.projects(), icon: 'projects' },
  { label: 'Reports', to: paths.reports(), icon: 'dashboards' },
  { label: 'Basemaps', to: paths.basemaps(), icon: 'basemaps' },
  { label: 'Colors', to: paths.colors(), icon: 'colors' },
];

/** The administration console's entry: administrators only (the console refuses everyone else). */
export const ADMIN_NAV_ITEM: NavItem = { label: 'Administration', to: paths.admin(), icon: 'admin' };

/**
 * The navigation `user` sees: everyone's entries, and Administration for administrators. With `flags` (the
 * organization's, GET /v1/users/me/flags), entries whose flags are off are left out; `null` (not read yet) leaves out
 * every entry that needs a flag, so none appears and then vanishes. Without `flags`, nothing is filtered.
 */
export function navItemsFor(user: Pick<User, 'isAdmin'>, flags?: FeatureFlags | null): readonly NavItem[] {
  const items = flags === undefined ? NAV_ITEMS : NAV_ITEMS.filter((item) => flagsAllow(flags, item.flags));
  return user.isAdmin ? [...items, ADMIN_NAV_ITEM] : items;
}
