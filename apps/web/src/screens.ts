import type { RouteName } from '@atlas/routes';

/** The name of the screen behind every route of ROUTE_PATTERNS, as shown to people. */
export const SCREEN_TITLES = {
  workspace: 'Workspace',
  datasets: 'Datasets',
  dataset: 'Dataset details',
  connectors: 'Connectors',
  queries: 'Queries',
  maps: 'Maps',
  dashboards: 'Dashboards',
  workbooks: 'Workbooks',
  basemaps: 'Basemaps',
  colors: 'Colors',
  projects: 'Projects',
  reports: 'Reports',
  map: 'Map',
  dashboard: 'Dashboard',
  newDashboard: 'New dashboard',
  workbook: 'Workbook',
  newWorkbook: 'New workbook',
  publicView: 'Public view',
  publicReport: 'Public report',
  preview: 'Preview',
  newMap: 'New map',
  signIn: 'Sign in',
  admin: 'Administration',
} as const satisfies Record<RouteName, string>;
