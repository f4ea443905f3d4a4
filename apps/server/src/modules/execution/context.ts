import type { ResultCache } from '../../cache/index.js';
import type { Engine } from '../../engine/types.js';
import type { App, AppDeps } from '../../http/types.js';
import { notify, type Db } from '../../store/index.js';

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

/** The database channel on which cancels reach the process running the query (payload: the execution id). */
const CANCEL_CHANNEL = 'atlas_query_cancel';

/**
 * Interrupts the query of an execution wherever it runs: in this process at once, in the others (several server
 * processes on one PostgreSQL) through NOTIFY; on PGlite there is only this process.
 */
export async function interruptQuery(context: QueryContext, executionId: string): Promise<void> {
  context.running.get(executionId)?.abort();
  await notify(context.db, CANCEL_CHANNEL, executionId);
}

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
  const unlisten = deps.db.listen(CANCEL_CHANNEL, (executionId) => context.running.get(executionId)?.abort());
  unlisten.catch(() => undefined); // a failure is thrown by the onReady hook below
  // Until the listener is in place the app is not ready: a cancel sent meanwhile would be missed.
  app.addHook('onReady', async () => void (await unlisten));
  app.addHook('onClose', async () => {
    for (const controller of context.running.values()) controller.abort();
    await (await unlisten)();
    contexts.delete(deps);
  });
  return context;
}
