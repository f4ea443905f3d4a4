// The queries screen (/workspace/queries): templates, runs, bookmarks, executions.
export { QueriesPage } from './QueriesPage';
