// POST /v1/datasets/hextile: checks the request, makes (or takes over) the hex-tile dataset, answers it pending and
// builds in the background; the record then goes ready with the tileset described in metadata, or error with why.
// Progress is metadata.progress ({phase, fraction}) on the record, which GET /v1/datasets/{id} shows.
import type { Dataset, DatasetMetadata, HextileRequest } from '@atlas/domain';
import type { Engine } from '../../engine/types.js';
import { assertCanCreate, checkAccess } from '../../http/access.js';
import { AppError, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { withoutAuditContext, type Db } from '../../store/index.js';
import * as dataRepo from '../datasets/data-repo.js';
import { dataMetadata } from '../datasets/data-service.js';
import * as datasetsRepo from '../datasets/repo.js';
import { presentDataset } from '../datasets/present.js';
import { createDataset } from '../datasets/service.js';
import { planBuild, type PlannedBuild } from './build-plan.js';
import { buildSql } from './build-sql.js';
import { assertBuildQuota, startTileLoad } from './build-loads.js';
import { withPointCells } from './point-cells.js';
import { summarizeTileset } from './repo.js';

export type BuildPhase = 'queued' | 'aggregating' | 'summarizing' | 'done' | 'failed';

export interface BuildDeps {
  db: Db;
  engine: Engine;
}

/** Builds running in this process, so that closing the app waits for them. */
const running = new Set<Promise<void>>();
export const runningBuilds = () => Promise.allSettled([...running]);

const refId = (ref: HextileRequest['source']) => (typeof ref === 'string' ? ref : ref.id);
const progress = (phase: BuildPhase, fraction: number) => ({ phase, fraction });

/** Why a build failed, as the dataset's errorMessage: our own errors say it; anything else stays internal. */
function failureReason(error: unknown): string {
  if (error instanceof AppError) return error.details ? `${error.message} (${error.details})` : error.message;
  return 'The hex tiles could not be built (internal error)';
}

async function readSource(deps: BuildDeps, identity: Identity, request: HextileRequest) {
  const sourceId = refId(request.source);
  await checkAccess(deps.db, identity, 'dataset', sourceId, 'read');
  const source = (await datasetsRepo.findDataset(deps.db, sourceId))!;
  const data = await deps.engine.datasetData(sourceId);
  if (!data) throw invalidInput(`Dataset ${sourceId} has no data`, 'Upload data with PUT /v1/datasets/{id}/data first');
  const planned = planBuild(request, sourceId, data);
  if (planned.badCellsSql) {
    const [row] = await deps.engine.queryRows(planned.badCellsSql, []);
    const bad = Number(row?.bad ?? 0);
    if (bad > 0) {
      throw invalidInput('Invalid prop for hextile: sourceHexColumn', `${bad} values of ${JSON.stringify(request.sourceHexColumn)} are not H3 cells of resolution ${planned.plan.finest} or finer`);
    }
  }
  return { source, planned };
}

/**
 * The pending record of an existing hex-tile dataset (write access, storage left; not while another load runs),
 * with its build recorded. Answers the build's load id.
 */
async function takeTarget(deps: BuildDeps, identity: Identity, targetId: string, metadata: DatasetMetadata): Promise<string> {
  return deps.db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', targetId, 'write');
    await dataRepo.lockDataset(tx, targetId);
    const target = (await datasetsRepo.findDataset(tx, targetId))!;
    if (target.type !== 'hex-tile') throw invalidInput('Invalid prop for hextile: target', `Dataset ${targetId} is a ${target.type} dataset, not hex-tile`);
    await assertBuildQuota(tx, identity, target.ownerId);
    const loadId = await startTileLoad(tx, deps.db, deps.engine, identity, targetId, 'hextile');
    await dataRepo.setDatasetState(tx, targetId, 'pending', null, { ...target.metadata, ...metadata });
    return loadId;
  });
}

export async function startHextileBuild(deps: BuildDeps, identity: Identity, request: HextileRequest): Promise<Dataset> {
  const { source, planned } = await readSource(deps, identity, request);
  const metadata: DatasetMetadata = {
    source: 'hextile',
    hexTile: { ...planned.config, viewport: null, timeRange: null, cellCounts: [], build: { instanceId: deps.engine.cluster.instanceId, startedAt: new Date().toISOString() } },
    progress: progress('queued', 0),
  };
  let id: string;
  let loadId: string;
  if (request.target) {
    id = refId(request.target);
    loadId = await takeTarget(deps, identity, id, metadata);
  } else {
    // A viewer seat is refused (403) before its storage is looked at.
    assertCanCreate(identity, 'datasets');
    await assertBuildQuota(deps.db, identity, identity.userId);
    const created = (await createDataset(deps.db, identity, { name: `${source.name} (hex tiles)`.slice(0, 200), type: 'hex-tile', metadata })).id;
    loadId = await deps.db.transaction(async (tx) => {
      await dataRepo.lockDataset(tx, created);
      const started = await startTileLoad(tx, deps.db, deps.engine, identity, created, 'hextile');
      await dataRepo.setDatasetState(tx, created, 'pending', null);
      return started;
    });
    id = created;
  }
  // The build goes on after the answer: its progress is the system's, not the caller's (store/audit.ts).
  const build = withoutAuditContext(() => runBuild(deps, id, loadId, planned)).finally(() => running.delete(build));
  running.add(build);
  return presentDataset(deps.db, identity, id);
}

async function runBuild(deps: BuildDeps, id: string, loadId: string, planned: PlannedBuild): Promise<void> {
  const { db, engine } = deps;
  const current = async () => (await datasetsRepo.findDataset(db, id))?.metadata ?? null;
  try {
    const before = await current();
    if (!before) return;
    await dataRepo.setDatasetState(db, id, 'pending', null, { ...before, progress: progress('aggregating', 0.05) });
    const data = await withPointCells(engine, planned.plan, (plan) => engine.materialize(id, buildSql(plan)));
    const metadata = await current();
    if (!metadata) {
      // Deleted while it was built: its new files are not anybody's.
      await engine.deleteData(id);
      return;
    }
    await dataRepo.setDatasetState(db, id, 'pending', null, { ...metadata, progress: progress('summarizing', 0.9) });
    const summary = await summarizeTileset(engine, data, planned.config);
    const described = dataMetadata(metadata, id, data, null);
    const hexTile = { ...(metadata.hexTile as object), ...planned.config, ...summary, build: undefined };
    await db.transaction(async (tx) => {
      // Taken for dead meanwhile (a stalled process): the build was failed, and another load may own the dataset now.
      if (!(await dataRepo.finishLoad(tx, loadId, { status: 'success', dataVersion: data.version, rowCount: data.rowCount, format: null }))) return;
      await dataRepo.setDatasetState(tx, id, 'ready', null, { ...described, source: 'hextile', hexTile, progress: progress('done', 1) });
    });
  } catch (error) {
    const reason = failureReason(error);
    await db
      .transaction(async (tx) => {
        if (!(await dataRepo.finishLoad(tx, loadId, { status: 'failure', error: reason }))) return;
        const metadata = (await datasetsRepo.findDataset(tx, id))?.metadata;
        if (metadata) await dataRepo.setDatasetState(tx, id, 'error', reason, { ...metadata, progress: progress('failed', 1) });
      })
      .catch(() => undefined);
  }
}
