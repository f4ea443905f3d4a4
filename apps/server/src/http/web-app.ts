import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app at / and falls back to index.html so client-side routes load on refresh. */
export async function registerWebApp(app: FastifyInstance, distDir: string | null) {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(async (scope) => {
    // The app's files hold no data: everything registered in this scope is public, declared here once.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
    scope.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/v1/')) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  });
}
