// POST /v1/datasets/hextile: checks the request, makes (or takes over) the hex-tile dataset, answers it pending and
// builds in the background; the record then goes ready with the tileset described in metadata, or error with why.
// Progress is metadata.progress ({phase, fraction}) on the record, which GET /v1/datasets/{id} shows.
import type { Dataset, DatasetMetadata, HextileRequest } from '@atlas/domain';
import type { Engine } from '../../engine/types.js';
import { checkAccess } from '../../http/access.js';
import { AppError, conflict, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { withoutAuditContext, type Db } from '../../store/index.js';
import * as dataRepo from '../datasets/data-repo.js';
import { dataMetadata } from '../datasets/data-service.js';
import * as datasetsRepo from '../datasets/repo.js';
import { presentDataset } from '../datasets/present.js';
import { createDataset } from '../datasets/service.js';
import { planBuild, type PlannedBuild } from './build-plan.js';
import { buildSql } from './build-sql.js';
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

/** The pending record of an existing hex-tile dataset (write access; not while another build runs). */
async function takeTarget(deps: BuildDeps, identity: Identity, targetId: string, metadata: DatasetMetadata): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', targetId, 'write');
    await dataRepo.lockDataset(tx, targetId);
    const target = (await datasetsRepo.findDataset(tx, targetId))!;
    if (target.type !== 'hex-tile') throw invalidInput('Invalid prop for hextile: target', `Dataset ${targetId} is a ${target.type} dataset, not hex-tile`);
    if (target.status === 'pending') throw conflict('A data load is already running', `Dataset ${targetId} is being built; try again when it is ready`);
    await dataRepo.setDatasetState(tx, targetId, 'pending', null, { ...target.metadata, ...metadata });
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
  if (request.target) {
    id = refId(request.target);
    await takeTarget(deps, identity, id, metadata);
  } else {
    id = (await createDataset(deps.db, identity, { name: `${source.name} (hex tiles)`.slice(0, 200), type: 'hex-tile', metadata })).id;
    await dataRepo.setDatasetState(deps.db, id, 'pending', null);
  }
  // The build goes on after the answer: its progress is the system's, not the caller's (store/audit.ts).
  const build = withoutAuditContext(() => runBuild(deps, id, planned)).finally(() => running.delete(build));
  running.add(build);
  return presentDataset(deps.db, identity, id);
}

async function runBuild(deps: BuildDeps, id: string, planned: PlannedBuild): Promise<void> {
  const { db, engine } = deps;
  const current = async () => (await datasetsRepo.findDataset(db, id))?.metadata ?? null;
  try {
    const before = await current();
    if (!before) return;
    await dataRepo.setDatasetState(db, id, 'pending', null, { ...before, progress: progress('aggregating', 0.05) });
    const data = await engine.materialize(id, buildSql(planned.plan));
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
    await dataRepo.setDatasetState(db, id, 'ready', null, { ...described, source: 'hextile', hexTile, progress: progress('done', 1) });
  } catch (error) {
    const metadata = await current().catch(() => null);
    if (metadata) await dataRepo.setDatasetState(db, id, 'error', failureReason(error), { ...metadata, progress: progress('failed', 1) }).catch(() => undefined);
  }
}
