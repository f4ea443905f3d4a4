import type { Engine, MaterializeOptions } from '../engine/types.js';
import type { Queryable } from '../store/index.js';
import type { ResultCache } from './types.js';

/**
 * The engine as modules see it: every call that changes a dataset's data also drops the cached results computed
 * from it, so no module can forget to. (New data also gets a new version, which is part of every cache key.)
 */
export function invalidatingEngine(engine: Engine, cache: ResultCache): Engine {
  const after = async <T>(datasetId: string, change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      await cache.invalidateTag(datasetId);
    }
  };
  return Object.assign(Object.create(engine) as Engine, {
    ingest: (datasetId: string, ...rest: Parameters<Engine['ingest']> extends [string, ...infer R] ? R : never) =>
      after(datasetId, engine.ingest(datasetId, ...rest)),
    materialize: (datasetId: string, select: string, options?: MaterializeOptions) => after(datasetId, engine.materialize(datasetId, select, options)),
    copyData: (fromDatasetId: string, toDatasetId: string, tx: Queryable) => after(toDatasetId, engine.copyData(fromDatasetId, toDatasetId, tx)),
    deleteData: (datasetId: string) => after(datasetId, engine.deleteData(datasetId)),
  });
}
