import { PublishedList } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { getEmailFlags, setEmailFlags } from './email-flags.js';
import { listAllPublishedMaps } from './published.js';
import { reconcileQuota } from './reconcile.js';
import {
  AdminPublishedQuery,
  EmailFlags,
  EmailFlagsQuery,
  EmailFlagsUpdate,
  ReconcileQuotaRequest,
  ReconcileQuotaResult,
  VisibilityParams,
  VisibilityResult,
  VisibilityUpdate,
} from './schemas.js';
import { updateVisibility } from './visibility.js';

const tags = ['administration'];

/** Resource visibility, published maps, quota reconciliation and e-mail flags (bi-and-admin.md §7): administrators only. */
export function resourceAdministrationRoutes(app: App, { db }: AppDeps) {
  app.put(
    '/v1/admin/:resourceType/:id/update-visibility',
    {
      schema: {
        tags,
        summary: 'Set the privacy of a dataset, map, publishedMap or sharedMap (administrators)',
        params: VisibilityParams,
        body: VisibilityUpdate,
        response: { 200: VisibilityResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => updateVisibility(db, requireIdentity(request.identity), request.params, request.body.privacy),
  );

  app.get(
    '/v1/admin/maps/published',
    {
      schema: {
        tags,
        summary: 'Published maps of every organization, by views (default) or date (administrators)',
        querystring: AdminPublishedQuery,
        response: { 200: PublishedList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listAllPublishedMaps(db, requireIdentity(request.identity), request.query),
  );

  app.post(
    '/v1/admin/reconcile-quota',
    {
      schema: {
        tags,
        summary: 'Recount one quota from the catalogue; dryRun reports what would change and changes nothing (administrators)',
        body: ReconcileQuotaRequest,
        response: { 200: ReconcileQuotaResult, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reconcileQuota(db, requireIdentity(request.identity), request.body),
  );

  app.get(
    '/v1/email_flags',
    { schema: { tags, summary: 'The flags of an e-mail address (administrators)', querystring: EmailFlagsQuery, response: { 200: EmailFlags, ...errorResponses(400, 401, 403) } } },
    (request) => getEmailFlags(db, requireIdentity(request.identity), request.query.email),
  );

  app.post(
    '/v1/email_flags',
    {
      schema: {
        tags,
        summary: 'Set flags of an e-mail address; flags left out keep their value (administrators)',
        body: EmailFlagsUpdate,
        response: { 200: EmailFlags, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => setEmailFlags(db, requireIdentity(request.identity), request.body),
  );
}
