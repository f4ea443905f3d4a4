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
  { label: 'Basemaps', to: paths.basemaps(), icon: 'basemaps' },
  { label: 'Colors', to: paths.colors(), icon: 'colors' },
];
