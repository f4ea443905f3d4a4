import type { Engine } from '../../engine/types.js';
import type { Db } from '../../store/index.js';
import * as dataRepo from './data-repo.js';
import * as repo from './repo.js';

export const INTERRUPTED_LOAD = 'The upload was interrupted (the server stopped); upload the file again';

/**
 * At start, before any request, and then at every heartbeat: a load still running in an instance that stopped
 * beating died with it (on PGlite, any other instance: only one process can use it). It is failed, and its dataset
 * leaves `pending`: `ready` with the data the database names as current, or `error` when it has none. The files the
 * load was writing are the engine's to sweep (its write belongs to the same dead instance). Answers the number of
 * datasets recovered.
 */
export async function recoverInterruptedLoads(db: Db, engine: Engine): Promise<number> {
  const datasets = await db.transaction((tx) => dataRepo.failDeadLoads(tx, db.kind, engine.cluster, INTERRUPTED_LOAD));
  for (const datasetId of datasets) {
    await db.transaction(async (tx) => {
      // A new load may have started meanwhile: the dataset is then its.
      if (!(await dataRepo.lockDataset(tx, datasetId)) || (await dataRepo.hasRunningLoad(tx, datasetId))) return;
      const data = await engine.datasetData(datasetId, tx);
      if (data) await dataRepo.setDatasetState(tx, datasetId, 'ready', null);
      else await dataRepo.setDatasetState(tx, datasetId, 'error', INTERRUPTED_LOAD);
    });
  }
  return datasets.length;
}
