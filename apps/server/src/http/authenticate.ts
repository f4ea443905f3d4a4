import type { FastifyInstance } from 'fastify';
import { bearerToken, resolveToken } from '../modules/auth/service.js';
import type { Db } from '../store/index.js';
import { unauthorized } from './errors.js';

/**
 * Resolves the caller before any handler runs. Non-public routes answer 401 without valid credentials;
 * public routes ignore credentials they cannot use, so a stale token never breaks a public page.
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    const isPublic = request.is404 || request.routeOptions.config?.public === true || !request.url.startsWith('/v1/');
    try {
      const token = bearerToken(request.headers.authorization);
      request.identity = token ? await resolveToken(db, token) : null;
    } catch (error) {
      if (!isPublic) throw error;
      request.identity = null;
    }
    if (!isPublic && !request.identity) throw unauthorized();
  });
}
