import type { FastifyInstance, RouteOptions } from 'fastify';
import { bearerToken, resolveToken } from '../modules/auth/service.js';
import type { Db } from '../store/index.js';
import { unauthorized } from './errors.js';

const ROUTES = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Every route the app declares, with its final options (a later onRoute hook may still mark it public), so a test can
 * pin the public list and walk every route; a route added tomorrow is in it without anyone remembering to add it.
 */
export const declaredRoutes = (app: FastifyInstance): readonly RouteOptions[] => ROUTES.get(app) ?? [];

/**
 * Resolves the caller before any handler runs. Default deny: every route answers 401 without valid credentials unless
 * its declaration says `config: { public: true }`; public routes ignore credentials they cannot use, so a stale token
 * never breaks a public page. Unknown routes answer 404 either way: the route list is public in the OpenAPI document.
 * Register before any route so the route list is complete.
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  const routes: RouteOptions[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    const isPublic = request.is404 || request.routeOptions.config?.public === true;
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
