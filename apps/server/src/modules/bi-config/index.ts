// Business-intelligence configuration: the routes, and the effective definition the analytics module serves.
export { biConfigRoutes } from './routes.js';
export { effectiveDefinition, findDefinition } from './service.js';
