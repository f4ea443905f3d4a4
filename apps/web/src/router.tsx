import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTE_PATTERNS, paths, type RouteName } from '@atlas/routes';
import { RequireAuth } from './features/auth/RequireAuth';
import { SignInPage } from './features/auth/SignInPage';
import { DashboardsPage } from './features/dashboards';
import { NewWorkbookPage, WorkbookPage } from './features/workbooks';
import { WorkspaceHome } from './features/workspace/WorkspaceHome';
import { WorkspaceLayout } from './features/workspace/WorkspaceLayout';
import { SCREEN_TITLES } from './screens';
import { NotFoundPage } from './ui/NotFoundPage';
import { RouteErrorPage } from './ui/RouteErrorPage';
import { Spinner } from './ui/Spinner';
import { StandalonePage } from './ui/StandalonePage';

// The dashboards (and ECharts with them) load on first use, so sign-in and the workspace stay a small download.
const dashboardPage = (name: 'NewDashboardPage' | 'SavedDashboardPage'): ComponentType => {
  const Page = lazy(() => import('./features/bi/dashboard').then((module) => ({ default: module[name] })));
  return () => (
    <Suspense fallback={<Spinner label="Loading dashboard…" />}>
      <Page />
    </Suspense>
  );
};
const NewDashboardPage = dashboardPage('NewDashboardPage');
const SavedDashboardPage = dashboardPage('SavedDashboardPage');

// Every route of ROUTE_PATTERNS is listed in exactly one of these groups, so a screen that is not
// built yet says so ("Page not available") instead of falling through to "Page not found".

/** Screens built in this version, each with its own route below. */
const BUILT_SCREENS = ['workspace', 'signIn', 'dashboards', 'dashboard', 'newDashboard', 'workbook', 'newWorkbook'] as const satisfies readonly RouteName[];

/** Screens inside the workspace chrome, not built in this version. */
const WORKSPACE_SCREENS = [
  'datasets',
  'dataset',
  'connectors',
  'queries',
  'maps',
  'workbooks',
  'basemaps',
  'colors',
] as const satisfies readonly RouteName[];

/** Full-page screens for signed-in users, not built in this version. */
const SIGNED_IN_SCREENS = ['map', 'newMap'] as const satisfies readonly RouteName[];

/** Screens open to anyone (shared links), not built in this version. */
const PUBLIC_SCREENS = ['publicView', 'preview'] as const satisfies readonly RouteName[];

type ListedRoute =
  | (typeof BUILT_SCREENS)[number]
  | (typeof WORKSPACE_SCREENS)[number]
  | (typeof SIGNED_IN_SCREENS)[number]
  | (typeof PUBLIC_SCREENS)[number];
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
      ...PUBLIC_SCREENS.map((name) => standalone(unavailable(name))),
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to={paths.workspace()} replace /> },
          {
            path: ROUTE_PATTERNS.workspace,
            element: <WorkspaceLayout />,
            children: [
              { index: true, element: <WorkspaceHome /> },
              { path: ROUTE_PATTERNS.dashboards, element: <DashboardsPage /> },
              ...WORKSPACE_SCREENS.map(unavailable),
              { path: '*', element: <NotFoundPage kind="not-found" /> },
            ],
          },
          { path: ROUTE_PATTERNS.newDashboard, element: <NewDashboardPage /> },
          { path: ROUTE_PATTERNS.dashboard, element: <SavedDashboardPage /> },
          { path: ROUTE_PATTERNS.newWorkbook, element: <NewWorkbookPage /> },
          { path: ROUTE_PATTERNS.workbook, element: <WorkbookPage /> },
          ...SIGNED_IN_SCREENS.map((name) => standalone(unavailable(name))),
        ],
      },
      standalone({ path: '*', element: <NotFoundPage kind="not-found" /> }),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
