import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTE_PATTERNS, paths, type RouteName } from '@atlas/routes';
import { RequireAuth } from './features/auth/RequireAuth';
import { SignInPage } from './features/auth/SignInPage';
import { SignUpPage } from './features/auth/SignUpPage';
import { DashboardsPage } from './features/dashboards';
import { DatasetPage, DatasetsPage } from './features/datasets';
import { BiTermsGate } from './features/legal/BiTermsGate';
import { BasemapsPage, ColorsPage } from './features/map-assets';
import { ConnectorsPage } from './features/connectors';
import { DatasetPrefetch } from './features/map-builder-prefetch';
import { MapsPage } from './features/maps';
import { ProjectsPage } from './features/projects';
import { PublicReportPage, ReportsPage } from './features/reports';
import { NewWorkbookPage, WorkbookPage, WorkbooksPage } from './features/workbooks';
import { FeatureGate } from './features/workspace/FeatureGate';
import { DASHBOARDS_FLAGS, WORKBOOKS_FLAGS } from './features/workspace/featureGates';
import { WorkspaceHome } from './features/workspace/WorkspaceHome';
import { WorkspaceLayout } from './features/workspace/WorkspaceLayout';
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
const QueriesPage = lazyPage(() => import('./features/queries'), 'QueriesPage', 'Loading queries…');

/** Every route of ROUTE_PATTERNS: each has its own route below. */
const BUILT_SCREENS = [
  'workspace',
  'signIn',
  'signUp',
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
  'queries',
] as const satisfies readonly RouteName[];

/** Fails to compile when ROUTE_PATTERNS gains a route the list above does not name (and so no route below serves). */
const everyRouteListed: Exclude<RouteName, (typeof BUILT_SCREENS)[number]> extends never ? true : never = true;
void everyRouteListed;

const standalone = (route: RouteObject): RouteObject => ({
  ...route,
  element: <StandalonePage brandLink={paths.workspace()}>{route.element}</StandalonePage>,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: ROUTE_PATTERNS.signIn, element: <SignInPage /> },
      { path: ROUTE_PATTERNS.signUp, element: <SignUpPage /> },
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
              { path: ROUTE_PATTERNS.dashboards, element: <FeatureGate flags={DASHBOARDS_FLAGS} screen="Dashboards"><DashboardsPage /></FeatureGate> },
              { path: ROUTE_PATTERNS.maps, element: <MapsPage /> },
              { path: ROUTE_PATTERNS.basemaps, element: <BasemapsPage /> },
              { path: ROUTE_PATTERNS.colors, element: <ColorsPage /> },
              { path: ROUTE_PATTERNS.projects, element: <ProjectsPage /> },
              { path: ROUTE_PATTERNS.reports, element: <ReportsPage /> },
              { path: ROUTE_PATTERNS.workbooks, element: <FeatureGate flags={WORKBOOKS_FLAGS} screen="Workbooks"><WorkbooksPage /></FeatureGate> },
              { path: ROUTE_PATTERNS.connectors, element: <ConnectorsPage /> },
              { path: ROUTE_PATTERNS.queries, element: <QueriesPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          // In the workspace chrome; the page itself refuses non-administrators ("Administrator rights required").
          {
            path: ROUTE_PATTERNS.admin,
            element: <WorkspaceLayout />,
            children: [{ index: true, element: <AdminPage /> }],
          },
          // The analytic sets ask for the fsq-bi terms once (docs/legal.md).
          // Feature flags first (docs/feature-flags.md): a screen not enabled for the organization says so.
          { path: ROUTE_PATTERNS.newDashboard, element: <FeatureGate flags={DASHBOARDS_FLAGS} screen="Dashboards" standalone><BiTermsGate><NewDashboardPage /></BiTermsGate></FeatureGate> },
          { path: ROUTE_PATTERNS.dashboard, element: <FeatureGate flags={DASHBOARDS_FLAGS} screen="Dashboards" standalone><BiTermsGate><SavedDashboardPage /></BiTermsGate></FeatureGate> },
          { path: ROUTE_PATTERNS.newWorkbook, element: <FeatureGate flags={WORKBOOKS_FLAGS} screen="Workbooks" standalone><NewWorkbookPage /></FeatureGate> },
          { path: ROUTE_PATTERNS.workbook, element: <FeatureGate flags={WORKBOOKS_FLAGS} screen="Workbooks" standalone><WorkbookPage /></FeatureGate> },
          // The datasets' downloads (a saved map's after its record) start with the map builder's chunk, not after it.
          { path: ROUTE_PATTERNS.newMap, element: <DatasetPrefetch><NewMapPage /></DatasetPrefetch> },
          { path: ROUTE_PATTERNS.map, element: <DatasetPrefetch><MapPage /></DatasetPrefetch> },
          { path: ROUTE_PATTERNS.preview, element: <PreviewPage /> },
        ],
      },
      standalone({ path: '*', element: <NotFoundPage /> }),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
