import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import type { App, AppDeps } from './http/types.js';
import { validatorCompiler } from './http/validation.js';
import { registerWebApp } from './http/web-app.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { serviceRoutes } from './modules/service/routes.js';
import { userRoutes } from './modules/users/routes.js';
import type { Db } from './store/index.js';

const MODULES: Array<(app: App, deps: AppDeps) => void> = [serviceRoutes, authRoutes, userRoutes, apiKeyRoutes];

export interface BuildOptions {
  db: Db;
  config: Config;
  logger?: boolean;
}

/** Builds the whole HTTP app; main.ts and the tests build it the same way. */
export async function buildApp({ db, config, logger = false }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app, config.version);
  registerAuthentication(app, db);
  const deps: AppDeps = { db, config };
  for (const register of MODULES) register(app, deps);
  await registerWebApp(app, config.webDistDir);
  await app.ready();
  return app;
}
