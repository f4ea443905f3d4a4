// Error reports: the browser's error envelopes through the tunnel, users' feedback, the console's feedback list
// (docs/error-reports.md).
export { errorReportRoutes } from './routes.js';
