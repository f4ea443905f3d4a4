import { Type } from 'typebox';
import { ApiKey, ApiKeyRequest, ApiKeyWithSecret } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as apiKeys from './service.js';

const tags = ['api-keys'];

/** One API key per user, used as a bearer token; the secret is shown only when created or rotated. */
export function apiKeyRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/api-key',
    { schema: { tags, summary: "The caller's API key (without its secret)", response: { 200: ApiKey, ...errorResponses(401, 404) } } },
    (request) => apiKeys.getApiKey(db, requireIdentity(request.identity)),
  );

  app.post(
    '/v1/api-key',
    { schema: { tags, summary: 'Create an API key', body: ApiKeyRequest, response: { 201: ApiKeyWithSecret, ...errorResponses(400, 401, 409, 422) } } },
    async (request, reply) => reply.status(201).send(await apiKeys.createApiKey(db, requireIdentity(request.identity), request.body)),
  );

  app.put(
    '/v1/api-key',
    { schema: { tags, summary: 'Rotate the API key: a new secret replaces the old one', body: ApiKeyRequest, response: { 200: ApiKeyWithSecret, ...errorResponses(400, 401, 404, 422) } } },
    (request) => apiKeys.rotateApiKey(db, requireIdentity(request.identity), request.body),
  );

  app.delete(
    '/v1/api-key',
    { schema: { tags, summary: 'Delete the API key', response: { 204: Type.Null(), ...errorResponses(401, 404) } } },
    async (request, reply) => {
      await apiKeys.deleteApiKey(db, requireIdentity(request.identity));
      return reply.status(204).send(null);
    },
  );
}
