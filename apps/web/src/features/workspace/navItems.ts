import type { User } from '@atlas/domain';
import { paths } from '@atlas/routes';
import type { IconName } from '../../ui/Icon';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
}

/** The workspace's left navigation, in display order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Datasets', to: paths.datasets(), icon: 'datasets' },
  { label: 'Connectors', to: paths.connectors(), icon: 'connectors' },
  { label: 'Queries', to: paths.queries(), icon: 'queries' },
  { label: 'Maps', to: paths.maps(), icon: 'maps' },
  { label: 'Dashboards', to: paths.dashboards(), icon: 'dashboards' },
  { label: 'Workbooks', to: paths.workbooks(), icon: 'workbooks' },
  { label: 'Projects', to: paths.projects(), icon: 'projects' },
  { label: 'Reports', to: paths.reports(), icon: 'dashboards' },
  { label: 'Basemaps', to: paths.basemaps(), icon: 'basemaps' },
  { label: 'Colors', to: paths.colors(), icon: 'colors' },
];

/** The administration console's entry: administrators only (the console refuses everyone else). */
export const ADMIN_NAV_ITEM: NavItem = { label: 'Administration', to: paths.admin(), icon: 'admin' };

/** The navigation `user` sees: everyone's entries, and Administration for administrators. */
export function navItemsFor(user: Pick<User, 'isAdmin'>): readonly NavItem[] {
  return user.isAdmin ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
}
