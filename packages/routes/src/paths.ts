// Relative app paths of workspace-and-catalogue.md §2, plus our own sign-in and sign-up pages.

/** React-Router patterns, one per screen. Keys double as route names for `matchRoute`. */
export const ROUTE_PATTERNS = {
  workspace: '/workspace',
  datasets: '/workspace/datasets',
  dataset: '/workspace/datasets/:id',
  connectors: '/workspace/connectors',
  queries: '/workspace/queries',
  maps: '/workspace/maps',
  dashboards: '/workspace/dashboards',
  workbooks: '/workspace/workbooks',
  basemaps: '/workspace/basemaps',
  colors: '/workspace/colors',
  projects: '/workspace/projects',
  reports: '/workspace/reports',
  map: '/:mapId',
  dashboard: '/dashboard/:id',
  newDashboard: '/dashboard/new',
  workbook: '/workbook/:id',
  newWorkbook: '/workbook/new',
  publicView: '/public/:id',
  publicReport: '/public/report/:id',
  preview: '/preview/:id',
  newMap: '/new',
  signIn: '/sign-in',
  signUp: '/sign-up',
  admin: '/admin',
} as const;
export type RouteName = keyof typeof ROUTE_PATTERNS;

/** The map flag the spec names: set when a map was converted from a Kepler file. */
export const CONVERTED_FROM_KEPLER = 'convertedFromKepler';
/** New dashboards start from the report template unless told otherwise. */
export const REPORT_TEMPLATE_ID = 'report';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;

/** Appends `params` as a query string; arrays become repeated keys, null/undefined are dropped. */
export function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

// Ids may be user-chosen names, so every id is one encoded segment.
const seg = encodeURIComponent;

export const paths = {
  workspace: () => ROUTE_PATTERNS.workspace,
  datasets: () => ROUTE_PATTERNS.datasets,
  dataset: (id: string) => `${ROUTE_PATTERNS.datasets}/${seg(id)}`,
  connectors: () => ROUTE_PATTERNS.connectors,
  queries: () => ROUTE_PATTERNS.queries,
  maps: () => ROUTE_PATTERNS.maps,
  dashboards: () => ROUTE_PATTERNS.dashboards,
  workbooks: () => ROUTE_PATTERNS.workbooks,
  basemaps: () => ROUTE_PATTERNS.basemaps,
  colors: () => ROUTE_PATTERNS.colors,
  /** The projects screen; `project` opens one of them (docs/projects.md). */
  projects: ({ project }: { project?: string } = {}) => withQuery(ROUTE_PATTERNS.projects, { project }),
  map: (mapId: string, { flag }: { flag?: string } = {}) => withQuery(`/${seg(mapId)}`, flag ? { [flag]: true } : {}),
  dashboard: (id: string, params?: QueryParams) => withQuery(`/dashboard/${seg(id)}`, params),
  newDashboard: ({ templateId = REPORT_TEMPLATE_ID, ...rest }: { templateId?: string } & QueryParams = {}) =>
    withQuery(ROUTE_PATTERNS.newDashboard, { templateId, ...rest }),
  workbook: (id: string) => `/workbook/${seg(id)}`,
  newWorkbook: ({ datasetId }: { datasetId?: string } = {}) => withQuery(ROUTE_PATTERNS.newWorkbook, { datasetId }),
  publicView: (id: string) => `/public/${seg(id)}`,
  /** The published report, read signed out (docs/reports.md). */
  publicReport: (id: string) => `/public/report/${seg(id)}`,
  /** The caller's published reports. */
  reports: () => ROUTE_PATTERNS.reports,
  preview: (id: string) => `/preview/${seg(id)}`,
  newMap: ({ datasetUuids, connectorUuid }: { datasetUuids?: readonly string[]; connectorUuid?: string } = {}) =>
    withQuery(ROUTE_PATTERNS.newMap, { datasetUuid: datasetUuids, connectorUuid }),
  signIn: ({ next }: { next?: string } = {}) => withQuery(ROUTE_PATTERNS.signIn, { next }),
  /** Opening an account (docs/sign-up.md); refused by servers with ALLOW_SIGN_UP=false. */
  signUp: () => ROUTE_PATTERNS.signUp,
  /** The administration console; `section` opens one of its parts (organizations when left out). */
  admin: ({ section, ...rest }: { section?: string } & QueryParams = {}) => withQuery(ROUTE_PATTERNS.admin, { section, ...rest }),
};
