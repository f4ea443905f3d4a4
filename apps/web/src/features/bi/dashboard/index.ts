export { NewDashboardPage, SavedDashboardPage } from './DashboardPages';
// What the public and preview pages (features/publishing) draw a published dashboard with.
export { ChartCard } from './ChartCard';
export { VIEW_KEY, dashboardValues, readDashboardState } from './dashboardState';
export { chartCells, insightStateOf, menuEntries, selectedEntry } from './layout';
export { useAnalyticSet, useLabels } from './queries';
export { ViewMenu } from './ViewMenu';
