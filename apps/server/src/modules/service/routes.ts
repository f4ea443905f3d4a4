import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  FEATURE_FLAGS,
  H3_MAX_RESOLUTION,
  H3_MIN_RESOLUTION,
  Health,
  KILOBYTE,
  MULTI_SELECT_MAX,
  PROXY_CONNECTION_TYPES,
  QUOTA_MAX_VALUE,
  SQL_PAGING_DEFAULTS,
  STORAGE_CONNECTION_TYPES,
  StaticConfigs,
  Tiers,
  WAREHOUSE_CONNECTION_TYPES,
  type QuotaLimits,
} from '@atlas/domain';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';

const tags = ['service'];

export function serviceRoutes(app: App, { db, config }: AppDeps) {
  app.get(
    '/v1/health',
    { config: { public: true }, schema: { tags, summary: 'Liveness and store check', security: [], response: { 200: Health, ...errorResponses(503) } } },
    async () => {
      await db.query('SELECT 1');
      return { status: 'ok' as const, version: config.version, database: db.kind, time: new Date().toISOString() };
    },
  );

  app.get(
    '/v1/tiers',
    { config: { public: true }, schema: { tags, summary: 'The quota tiers offered', security: [], response: { 200: Tiers } } },
    async () => {
      const rows = await db.query<{ id: string; name: string; description: string; limits: QuotaLimits }>(
        'SELECT id, name, description, limits FROM quota_policies ORDER BY position, id',
      );
      return { tiers: rows };
    },
  );

  app.get(
    '/v1/static-configs',
    { schema: { tags, summary: 'Constants and lists the client needs at start', response: { 200: StaticConfigs, ...errorResponses(401) } } },
    async () => ({
      version: config.version,
      featureFlags: [...FEATURE_FLAGS],
      connectors: {
        warehouse: [...WAREHOUSE_CONNECTION_TYPES],
        storage: [...STORAGE_CONNECTION_TYPES],
        proxy: [...PROXY_CONNECTION_TYPES],
      },
      limits: {
        quotaMaxValue: QUOTA_MAX_VALUE,
        defaultCacheMaxAgeSeconds: DEFAULT_CACHE_MAX_AGE_SECONDS,
        kilobyte: KILOBYTE,
        h3MinResolution: H3_MIN_RESOLUTION,
        h3MaxResolution: H3_MAX_RESOLUTION,
        sqlPagingOffset: SQL_PAGING_DEFAULTS.offset,
        sqlPagingLimit: SQL_PAGING_DEFAULTS.limit,
        multiSelectMax: MULTI_SELECT_MAX,
      },
    }),
  );
}
