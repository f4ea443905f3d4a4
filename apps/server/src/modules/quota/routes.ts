import { QuotaPolicy } from '@atlas/domain';
import { Type } from 'typebox';
import { assertAdministrator } from '../../http/access.js';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { listQuotaPolicies } from './policies-repo.js';

export function quotaPolicyRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/quotapolicies',
    { schema: { tags: ['administration'], summary: 'The quota policies users can be given (administrators)', response: { 200: Type.Array(QuotaPolicy), ...errorResponses(401, 403) } } },
    (request) => {
      assertAdministrator(requireIdentity(request.identity));
      return listQuotaPolicies(db);
    },
  );
}
