import type { App, AppDeps } from '../../http/types.js';
import { organizationRoutes } from '../organizations/routes.js';
import { quotaPolicyRoutes } from '../quota/routes.js';
import { adminUserRoutes } from '../users/admin-routes.js';
import { mergeRoutes } from './merge-routes.js';
import { provisionRoutes } from './provision-routes.js';
import { resourceAdministrationRoutes } from './routes.js';
import { featureFlagRoutes } from './feature-flags-routes.js';
import { auditLogRoutes } from './audit-log-routes.js';

/**
 * The administration console's calls (bi-and-admin.md §6–§7): organizations and invitations, users, quota policies,
 * resource visibility, published maps, quota reconciliation, e-mail flags and the audit log. Owner changes go through the records'
 * and datasets' own PUT (./ownership.ts).
 */
export function administrationRoutes(app: App, deps: AppDeps) {
  organizationRoutes(app, deps);
  adminUserRoutes(app, deps);
  quotaPolicyRoutes(app, deps);
  resourceAdministrationRoutes(app, deps);
  mergeRoutes(app, deps);
  provisionRoutes(app, deps);
  featureFlagRoutes(app, deps);
  auditLogRoutes(app, deps);
}
