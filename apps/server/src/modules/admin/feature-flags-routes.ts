import { FeatureFlagsUpdate, OrganizationFeatureFlags, OrganizationFlagsParams } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { getOrganizationFlags, setOrganizationFlags } from './feature-flags.js';

const tags = ['administration'];

/** An organization's feature flags (workspace-and-catalogue.md §3; docs/feature-flags.md): administrators only. */
export function featureFlagRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/admin/organizations/:id/flags',
    {
      schema: {
        tags,
        summary: "An organization's feature flags; a flag never set is off (administrators)",
        params: OrganizationFlagsParams,
        response: { 200: OrganizationFeatureFlags, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => getOrganizationFlags(db, requireIdentity(request.identity), request.params.id),
  );

  app.put(
    '/v1/admin/organizations/:id/flags',
    {
      schema: {
        tags,
        summary: "Turn an organization's feature flags on or off; flags left out keep their value (administrators)",
        params: OrganizationFlagsParams,
        body: FeatureFlagsUpdate,
        response: { 200: OrganizationFeatureFlags, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => setOrganizationFlags(db, requireIdentity(request.identity), request.params.id, request.body as FeatureFlagsUpdate),
  );
}
