export { NewDashboardPage, SavedDashboardPage } from './DashboardPages';
