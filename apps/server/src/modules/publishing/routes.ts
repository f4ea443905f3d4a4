import type { App, AppDeps } from '../../http/types.js';
import { featuredMapRoutes } from './featured-routes.js';
import { publishedDataRoutes } from './public-data-routes.js';
import { recordPublishingRoutes } from './record-routes.js';
import { reportRoutes } from './report-routes.js';

/** Publishing: maps and insights (two-step publish, public view and its data), featured maps, and published reports. */
export function publishingRoutes(app: App, deps: AppDeps) {
  recordPublishingRoutes(app, deps);
  publishedDataRoutes(app, deps);
  featuredMapRoutes(app, deps);
  reportRoutes(app, deps);
}
