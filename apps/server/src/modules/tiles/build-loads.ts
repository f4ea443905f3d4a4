// Tile builds (hex and vector) as loads of their tileset (dataset_loads, source 'hextile' or 'vectortile'): a build
// belongs to the server instance running it, so that one whose process died is failed by the living ones, as an
// upload is (docs/deployment.md). One load runs per dataset across processes; builds count in the owner's storage.
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../blobs/types.js';
import type { Engine } from '../../engine/types.js';
import { conflict } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as dataRepo from '../datasets/data-repo.js';
import { assertQuota } from '../quota/service.js';
import { TilesetFiles } from '../vector-tiles/files.js';

export const INTERRUPTED_TILE_BUILD = 'The tile build was interrupted (the server stopped); build it again with target';

/**
 * 402 when the owner has no storage left. A tileset's size is only known once built, so a build needs one megabyte
 * free (usage counts whole megabytes); the finished tileset's size then counts like an upload's (metadata.sizeBytes).
 */
export async function assertBuildQuota(db: Queryable, identity: Identity, ownerId: string): Promise<void> {
  await assertQuota(db, { ...identity, userId: ownerId }, 'storageMegabytes', 1);
}

/**
 * Inside the transaction that locked the dataset: a build of a dead process no longer counts; another running load
 * (build or upload) refuses this one with 409; else the build is recorded as this instance's. Answers its load id.
 */
export async function startTileLoad(
  tx: Queryable,
  db: Db,
  engine: Engine,
  identity: Identity,
  datasetId: string,
  source: dataRepo.TileBuildSource,
): Promise<string> {
  await dataRepo.failDeadTileBuilds(tx, db.kind, engine.cluster, INTERRUPTED_TILE_BUILD, datasetId);
  if (await dataRepo.hasRunningLoad(tx, datasetId)) {
    throw conflict('A data load is already running', `Dataset ${datasetId} is being built or loaded; try again when it is ready or in error`);
  }
  const id = randomUUID();
  await dataRepo.insertLoad(tx, { id, datasetId, userId: identity.userId, source, format: null, status: 'running', instanceId: engine.cluster.instanceId });
  return id;
}

/**
 * At start and at every heartbeat (as recoverInterruptedLoads for uploads): builds still running in an instance that
 * stopped beating died with it. Each is failed and its tileset goes to `error` saying so (a rebuilt tileset keeps its
 * previous tiles; `target` builds it again). Answers the number of tilesets recovered.
 */
export async function recoverInterruptedBuilds(db: Db, engine: Engine): Promise<number> {
  const datasets = await db.transaction((tx) => dataRepo.failDeadTileBuilds(tx, db.kind, engine.cluster, INTERRUPTED_TILE_BUILD));
  for (const datasetId of datasets) {
    await db.transaction(async (tx) => {
      // A new load may have started meanwhile: the dataset is then its.
      if (!(await dataRepo.lockDataset(tx, datasetId)) || (await dataRepo.hasRunningLoad(tx, datasetId))) return;
      await dataRepo.setDatasetState(tx, datasetId, 'error', INTERRUPTED_TILE_BUILD);
    });
  }
  return datasets.length;
}

/**
 * What main.ts runs at start and at every heartbeat, after the uploads' recovery: dead builds are failed, then the
 * vector tileset archives nobody serves (deleted tilesets, dead or replaced builds) are removed from the blob store.
 */
export async function recoverTileBuilds(db: Db, engine: Engine, blobs: BlobStore, dataDir: string): Promise<void> {
  await recoverInterruptedBuilds(db, engine);
  await new TilesetFiles(db, blobs, dataDir).sweep();
}
