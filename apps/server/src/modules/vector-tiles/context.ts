import type { App, AppDeps } from '../../http/types.js';
import { TilesetFiles } from './files.js';
import { BackgroundJobs } from '../../jobs/background-jobs.js';
import type { VectorTiles } from './service.js';

const contexts = new WeakMap<object, VectorTiles>();

/**
 * One per app (keyed by the deps object buildApp hands every module), shared by the dataset routes and the
 * data-queries route: closing the app stops the builds and waits until each has recorded its end.
 */
export function vectorTiles(app: App, deps: AppDeps): VectorTiles {
  const existing = contexts.get(deps);
  if (existing) return existing;
  const context: VectorTiles = { db: deps.db, engine: deps.engine, files: new TilesetFiles(deps.db, deps.blobs, deps.config.dataDir), jobs: new BackgroundJobs() };
  contexts.set(deps, context);
  app.addHook('onClose', async () => {
    await context.jobs.stopAll();
    await context.files.closeAll();
    contexts.delete(deps);
  });
  return context;
}
