// POST /v1/data-proxy?type=kinetica&target=/show/table&connectionId=… (workspace-and-catalogue.md §7, §9): the JSON
// body goes to the Kinetica connection's own server at `target`; Kinetica's answer comes back with data_str parsed.
import { DataProxyAnswer, DataProxyQuery, DataProxyRequest } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { forward } from './service.js';

const tags = ['data-proxy'];

export function dataProxyRoutes(app: App, deps: AppDeps) {
  app.post(
    '/v1/data-proxy',
    {
      schema: {
        tags,
        summary: "Forwards a request to a Kinetica connection's REST API (read on the connection; write for drop/schema, create/table, clear/table)",
        querystring: DataProxyQuery,
        body: DataProxyRequest,
        response: { 200: DataProxyAnswer, ...errorResponses(400, 401, 403, 404, 408, 422) },
      },
    },
    (request) => forward(deps.db, requireIdentity(request.identity), request.query, request.body, deps.config.allowedConnectionHosts),
  );
}
