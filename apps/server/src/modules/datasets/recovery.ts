import type { Engine } from '../../engine/types.js';
import type { DataStorage } from '../../engine/storage.js';
import type { Db } from '../../store/index.js';
import { dataMetadata } from './data-service.js';
import * as dataRepo from './data-repo.js';
import * as repo from './repo.js';

export const INTERRUPTED_LOAD = 'The upload was interrupted (the server stopped); upload the file again';

/**
 * At start, before any request: a load still marked running died with its process. It is failed, its half-written
 * files go, and its dataset leaves `pending`: `ready` with the data it has (described as stored, should the crash
 * have come between switching the data and committing its metadata), or `error` when it has none.
 * Answers the number of datasets recovered.
 */
export async function recoverInterruptedLoads(db: Db, engine: Engine, storage: Pick<DataStorage, 'removePartialFiles'>): Promise<number> {
  const loads = await db.transaction((tx) => dataRepo.failRunningLoads(tx, INTERRUPTED_LOAD));
  const formats = new Map(loads.map((load) => [load.datasetId, load.format]));
  for (const [datasetId, format] of formats) {
    await storage.removePartialFiles(datasetId);
    const data = await engine.datasetData(datasetId);
    await db.transaction(async (tx) => {
      const dataset = await repo.findDataset(tx, datasetId);
      if (!dataset) return;
      if (!data) await dataRepo.setDatasetState(tx, datasetId, 'error', INTERRUPTED_LOAD);
      else if (data.version === dataset.metadata.dataVersion) await dataRepo.setDatasetState(tx, datasetId, 'ready', null);
      else await dataRepo.setDatasetState(tx, datasetId, 'ready', null, dataMetadata(dataset.metadata, datasetId, data, format));
    });
  }
  return formats.size;
}
