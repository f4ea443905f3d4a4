import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTE_PATTERNS, paths, type RouteName } from '@atlas/routes';
import { RequireAuth } from './features/auth/RequireAuth';
import { SignInPage } from './features/auth/SignInPage';
import { DashboardsPage } from './features/dashboards';
import { DatasetPage, DatasetsPage } from './features/datasets';
import { BiTermsGate } from './features/legal/BiTermsGate';
import { BasemapsPage, ColorsPage } from './features/map-assets';
import { ConnectorsPage } from './features/connectors';
import { MapsPage } from './features/maps';
import { ProjectsPage } from './features/projects';
import { PublicReportPage, ReportsPage } from './features/reports';
import { NewWorkbookPage, WorkbookPage, WorkbooksPage } from './features/workbooks';
import { WorkspaceHome } from './features/workspace/WorkspaceHome';
import { WorkspaceLayout } from './features/workspace/WorkspaceLayout';
import { SCREEN_TITLES } from './screens';
import { NotFoundPage } from './ui/NotFoundPage';
import { RouteErrorPage } from './ui/RouteErrorPage';
import { Spinner } from './ui/Spinner';
import { StandalonePage } from './ui/StandalonePage';

/** A page of a lazily loaded module, with a spinner saying what loads meanwhile. */
/** The export `name` of a lazily loaded module (which may export other things too) as a page. */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K, label: string): ComponentType {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return () => (
    <Suspense fallback={<Spinner label={label} />}>
      <Page />
    </Suspense>
  );
}

// The dashboards (with ECharts) and the map builder (with kepler.gl, deck.gl and MapLibre, about 12 MB) load on first
// use, so sign-in and the workspace stay a small download.
const loadDashboards = () => import('./features/bi/dashboard');
const NewDashboardPage = lazyPage(loadDashboards, 'NewDashboardPage', 'Loading dashboard…');
const SavedDashboardPage = lazyPage(loadDashboards, 'SavedDashboardPage', 'Loading dashboard…');
const loadMapBuilder = () => import('./features/map-builder');
const NewMapPage = lazyPage(loadMapBuilder, 'NewMapPage', 'Loading the map builder…');
const MapPage = lazyPage(loadMapBuilder, 'MapPage', 'Loading the map builder…');
// The public and preview pages draw with the map builder's kepler.gl and the dashboards' charts: lazy as well.
const loadPublicView = () => import('./features/public-view');
const PublicViewPage = lazyPage(loadPublicView, 'PublicViewPage', 'Opening…');
const PreviewPage = lazyPage(loadPublicView, 'PreviewPage', 'Opening the preview…');
// The administration console is for administrators only: nobody else downloads it.
const AdminPage = lazyPage(() => import('./features/admin'), 'AdminPage', 'Loading the administration console…');

// Every route of ROUTE_PATTERNS is listed in exactly one of these groups, so a screen that is not
// built yet says so ("Page not available") instead of falling through to "Page not found".

/** Screens built in this version, each with its own route below. */
const BUILT_SCREENS = [
  'workspace',
  'signIn',
  'datasets',
  'dataset',
  'dashboards',
  'dashboard',
  'newDashboard',
  'workbook',
  'newWorkbook',
  'workbooks',
  'map',
  'newMap',
  'maps',
  'basemaps',
  'colors',
  'connectors',
  'projects',
  'reports',
  'publicView',
  'publicReport',
  'preview',
  'admin',
] as const satisfies readonly RouteName[];

/** Screens inside the workspace chrome, not built in this version. */
const WORKSPACE_SCREENS = [
  'queries',
] as const satisfies readonly RouteName[];

type ListedRoute = (typeof BUILT_SCREENS)[number] | (typeof WORKSPACE_SCREENS)[number];
/** Fails to compile when ROUTE_PATTERNS gains a route that no group above lists. */
const everyRouteListed: Exclude<RouteName, ListedRoute> extends never ? true : never = true;
void everyRouteListed;

const unavailable = (name: RouteName): RouteObject => ({
  path: ROUTE_PATTERNS[name],
  element: <NotFoundPage kind="unavailable" screen={SCREEN_TITLES[name]} />,
});

const standalone = (route: RouteObject): RouteObject => ({
  ...route,
  element: <StandalonePage brandLink={paths.workspace()}>{route.element}</StandalonePage>,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: ROUTE_PATTERNS.signIn, element: <SignInPage /> },
      // Open to anyone, signed in or not: the published snapshot, read-only.
      { path: ROUTE_PATTERNS.publicView, element: <PublicViewPage /> },
      { path: ROUTE_PATTERNS.publicReport, element: <PublicReportPage /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to={paths.workspace()} replace /> },
          {
            path: ROUTE_PATTERNS.workspace,
            element: <WorkspaceLayout />,
            children: [
              { index: true, element: <WorkspaceHome /> },
              { path: ROUTE_PATTERNS.datasets, element: <DatasetsPage /> },
              { path: ROUTE_PATTERNS.dataset, element: <DatasetPage /> },
              { path: ROUTE_PATTERNS.dashboards, element: <DashboardsPage /> },
              { path: ROUTE_PATTERNS.maps, element: <MapsPage /> },
              { path: ROUTE_PATTERNS.basemaps, element: <BasemapsPage /> },
              { path: ROUTE_PATTERNS.colors, element: <ColorsPage /> },
              { path: ROUTE_PATTERNS.projects, element: <ProjectsPage /> },
              { path: ROUTE_PATTERNS.reports, element: <ReportsPage /> },
              { path: ROUTE_PATTERNS.workbooks, element: <WorkbooksPage /> },
              { path: ROUTE_PATTERNS.connectors, element: <ConnectorsPage /> },
              ...WORKSPACE_SCREENS.map(unavailable),
              { path: '*', element: <NotFoundPage kind="not-found" /> },
            ],
          },
          // In the workspace chrome; the page itself refuses non-administrators ("Administrator rights required").
          {
            path: ROUTE_PATTERNS.admin,
            element: <WorkspaceLayout />,
            children: [{ index: true, element: <AdminPage /> }],
          },
          // The analytic sets ask for the fsq-bi terms once (docs/legal.md).
          { path: ROUTE_PATTERNS.newDashboard, element: <BiTermsGate><NewDashboardPage /></BiTermsGate> },
          { path: ROUTE_PATTERNS.dashboard, element: <BiTermsGate><SavedDashboardPage /></BiTermsGate> },
          { path: ROUTE_PATTERNS.newWorkbook, element: <NewWorkbookPage /> },
          { path: ROUTE_PATTERNS.workbook, element: <WorkbookPage /> },
          { path: ROUTE_PATTERNS.newMap, element: <NewMapPage /> },
          { path: ROUTE_PATTERNS.map, element: <MapPage /> },
          { path: ROUTE_PATTERNS.preview, element: <PreviewPage /> },
        ],
      },
      standalone({ path: '*', element: <NotFoundPage kind="not-found" /> }),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
