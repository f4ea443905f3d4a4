import type { App, AppDeps } from '../../http/types.js';
import { organizationRoutes } from '../organizations/routes.js';
import { quotaPolicyRoutes } from '../quota/routes.js';
import { adminUserRoutes } from '../users/admin-routes.js';

/** The administration console's calls (bi-and-admin.md §6–§7): organizations and invitations, users, quota policies. */
export function administrationRoutes(app: App, deps: AppDeps) {
  organizationRoutes(app, deps);
  adminUserRoutes(app, deps);
  quotaPolicyRoutes(app, deps);
}
