import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { mergeAccounts } from './merge.js';
import { MergeAccountsRequest, MergeAccountsResult } from './merge-schemas.js';

/** POST /v1/admin/merge-accounts (bi-and-admin.md §7): administrators only (docs/admin.md "Account merge"). */
export function mergeRoutes(app: App, { db }: AppDeps) {
  app.post(
    '/v1/admin/merge-accounts',
    {
      schema: {
        tags: ['administration'],
        summary: "Move everything of the secondary accounts to the primary in one transaction and disable them; dryRun answers what would move (administrators)",
        body: MergeAccountsRequest,
        response: { 200: MergeAccountsResult, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => mergeAccounts(db, requireIdentity(request.identity), request.body),
  );
}
