import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { registerAuditContext } from './http/audit.js';
import { registerAuthentication } from './http/authenticate.js';
import { connectionOptions, guardConnections } from './http/connections.js';
import { registerErrorHandling } from './http/error-handler.js';
import { clientErrorHandler, MAX_HEADER_BYTES } from './http/input-errors.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import type { App, AppDeps } from './http/types.js';
import { lazyCompilers } from './http/lazy-compilers.js';
import { registerInputGuards, validatorCompiler } from './http/validation.js';
import { registerWebApp } from './http/web-app.js';
import type { BlobStore } from './blobs/types.js';
import { openResultCache, type ResultCache } from './cache/index.js';
import { invalidatingEngine } from './cache/invalidating-engine.js';
import type { Engine } from './engine/types.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { basemapRoutes } from './modules/basemaps/index.js';
import { biConfigRoutes } from './modules/bi-config/index.js';
import { dataConnectionRoutes } from './modules/data-connections/routes.js';
import { dataProxyRoutes } from './modules/data-proxy/routes.js';
import { dataQueryRoutes } from './modules/data-queries/routes.js';
import { datasetRoutes } from './modules/datasets/routes.js';
import { errorReportRoutes } from './modules/error-reports/index.js';
import { legalRoutes } from './modules/legal/routes.js';
import { lockRoutes } from './modules/locks/routes.js';
import { mapAssetRoutes } from './modules/map-assets/routes.js';
import { permissionRoutes } from './modules/permissions/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { publishingRoutes } from './modules/publishing/routes.js';
import { queryRoutes } from './modules/query/routes.js';
import { recordRoutes } from './modules/records/routes.js';
import { serviceRoutes } from './modules/service/routes.js';
import { stateRoutes } from './modules/states/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { tileRoutes } from './modules/tiles/index.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { vectorTileRoutes } from './modules/vector-tiles/index.js';
import { administrationRoutes } from './modules/admin/index.js';
import type { Db } from './store/index.js';

const MODULES: Array<(app: App, deps: AppDeps) => void> = [
  serviceRoutes,
  authRoutes,
  userRoutes,
  administrationRoutes,
  apiKeyRoutes,
  uploadRoutes,
  permissionRoutes,
  lockRoutes,
  datasetRoutes,
  recordRoutes,
  stateRoutes,
  mapAssetRoutes,
  projectRoutes,
  tagRoutes,
  publishingRoutes,
  legalRoutes,
  queryRoutes,
  dataQueryRoutes,
  dataConnectionRoutes,
  dataProxyRoutes,
  analyticsRoutes,
  biConfigRoutes,
  basemapRoutes,
  vectorTileRoutes,
  tileRoutes,
  errorReportRoutes,
];

export interface BuildOptions {
  db: Db;
  config: Config;
  blobs: BlobStore;
  engine: Engine;
  /** Query result cache; by default in-process, or Redis when REDIS_URL is set. Closed with the app. */
  cache?: ResultCache;
  logger?: boolean;
}

/** A number of trusted hops as the function Fastify's types take (its runtime would take the number too). */
const trustProxyOption = (trust: Config['trustProxy']) => (typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust);

/** Builds the whole HTTP app; main.ts and the tests build it the same way. */
export async function buildApp({ db, config, blobs, engine, cache = openResultCache(config), logger = false }: BuildOptions): Promise<App> {
  const connections = connectionOptions(config.connections);
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024,
    ...connections,
    http: { ...connections.http, maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();
  guardConnections(app.server, config.connections, config.trustProxy);
  const compilers = lazyCompilers();
  app.setValidatorCompiler(compilers.validator(validatorCompiler));
  app.setSerializerCompiler(compilers.serializer);
  app.decorate('compileAllSchemas', compilers.compileAll);
  registerErrorHandling(app);
  // Before any route: authentication records every route it guards, the OpenAPI ones included.
  registerAuthentication(app, db);
  registerInputGuards(app);
  registerAuditContext(app);
  await registerOpenApi(app, config.version);
  await registerRateLimit(app, config);
  app.addHook('onClose', () => cache.close());
  const deps: AppDeps = { db, config, blobs, engine: invalidatingEngine(engine, cache), cache };
  for (const register of MODULES) register(app, deps);
  await registerWebApp(app, config.webDistDir);
  await app.ready();
  return app;
}
