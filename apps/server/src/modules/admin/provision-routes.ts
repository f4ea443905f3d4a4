import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { provisionAccount } from './provision.js';
import { ProvisionAccountRequest, ProvisionAccountResult } from './provision-schemas.js';

/** POST /v1/admin/pipelines/provision-account (bi-and-admin.md §7): administrators only (docs/admin.md "Account provisioning"). */
export function provisionRoutes(app: App, { db, engine, config }: AppDeps) {
  app.post(
    '/v1/admin/pipelines/provision-account',
    {
      schema: {
        tags: ['administration'],
        summary: "Give an organization its defaults (feature flags, maker quota policy) and, with demoData, a small demo foot-traffic panel (administrators)",
        body: ProvisionAccountRequest,
        response: { 200: ProvisionAccountResult, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => provisionAccount(db, engine, config.dataDir, requireIdentity(request.identity), request.body),
  );
}
