import type { ResultCache } from '../../cache/index.js';
import type { Engine } from '../../engine/types.js';
import type { App, AppDeps } from '../../http/types.js';
import type { Db } from '../../store/index.js';

/** What running queries needs, shared by the query service and the data-queries routes of one app. */
export interface QueryContext {
  db: Db;
  engine: Engine;
  cache: ResultCache;
  /** Queries running in this process, by execution id, so that a cancel can interrupt them. */
  running: Map<string, AbortController>;
  timeoutMs: number;
  /** Where template sandboxes may spill (DATA_DIR). */
  dataDir: string;
  /** ATLAS_ALLOWED_CONNECTION_HOSTS, for queries on data connections. */
  allowedConnectionHosts: readonly string[];
}

const contexts = new WeakMap<object, QueryContext>();

/** One context per app (keyed by the deps object buildApp hands every module). */
export function queryContext(app: App, deps: AppDeps): QueryContext {
  const existing = contexts.get(deps);
  if (existing) return existing;
  const context: QueryContext = {
    db: deps.db,
    engine: deps.engine,
    cache: deps.cache,
    running: new Map(),
    timeoutMs: deps.config.queryTimeoutMs,
    dataDir: deps.config.dataDir,
    allowedConnectionHosts: deps.config.allowedConnectionHosts,
  };
  contexts.set(deps, context);
  app.addHook('onClose', async () => {
    for (const controller of context.running.values()) controller.abort();
    contexts.delete(deps);
  });
  return context;
}
