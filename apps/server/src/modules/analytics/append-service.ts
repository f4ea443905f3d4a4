// POST /v1/datasets/{id}/data/append: visits appended to the foot-traffic panel's visits dataset, with its rollups
// updated incrementally (rollups/append.ts). The new rollups are built into spare slots while queries keep reading
// the current version; the new visits version and the rollups' records switch in one metadata transaction
// (docs/panel-append.md). Nothing of a failed append is ever read: its slots stay marked as building.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createProgress, type Progress } from '@atlas/analytics';
import type { Dataset } from '@atlas/domain';
import type { Engine, UploadCompression, UploadFormat } from '../../engine/types.js';
import { checkAccess } from '../../http/access.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { withoutAuditContext, type Db, type Queryable } from '../../store/index.js';
import * as dataRepo from '../datasets/data-repo.js';
import { dataMetadata } from '../datasets/data-service.js';
import { presentDataset } from '../datasets/present.js';
import { INTERRUPTED_LOAD } from '../datasets/recovery.js';
import * as repo from '../datasets/repo.js';
import { panelSource } from './panel.js';
import { appendRollups, appendVisitsData, VISIT_COLUMNS } from './rollups/append.js';
import { ROLLUP_COST } from './rollups/costs.js';
import { ROLLUP_NAMES } from './rollups/definitions.js';
import { rollupStatusWriter } from './rollups/status.js';
import { claimSpareSlots, currentRollups, derivedId, recordRollup, sourceDigest, type PanelSource } from './rollups/store.js';
import { panelRollups } from './rollups/underway.js';

export const NOT_PANEL_VISITS = 'Visits can only be appended to the visits dataset of a foot-traffic panel';
export const BAD_VISITS = 'The visits cannot be appended';

export interface AppendOptions {
  /** Null for a zip whose file name says it. */
  format: UploadFormat | null;
  compression: UploadCompression | null;
}

/** The final stage of an append's progress, after the rollups: the new visits version. */
const VISITS_STAGE = 'visits';

/** Engine data ids of an append's work files, per visits dataset (a crashed append's are reused by the next). */
const workId = (datasetId: string, role: 'upload' | 'part' | 'touched') => derivedId(['panel-append', datasetId, role]);

const failureReason = (error: unknown) =>
  error instanceof AppError ? (error.details ? `${error.message}: ${error.details}` : error.message) : 'The visits could not be appended (internal error)';

/**
 * Starts the append as a load of the dataset (write access; the panel's visits only): at most one load runs per
 * dataset across every server process, so an append, another append and an upload never overlap (409). The dataset
 * stays ready meanwhile: queries keep answering from its current data.
 */
async function startAppend(db: Db, engine: Engine, identity: Identity, id: string, loadId: string, format: UploadFormat | null): Promise<PanelSource> {
  await checkAccess(db, identity, 'dataset', id, 'write');
  const dataset = (await repo.findDataset(db, id))!;
  if (dataset.metadata.panelTable !== 'visits') throw badRequest(NOT_PANEL_VISITS, `Dataset ${id} is not a panel's visits table`);
  const source = await panelSource(db, engine, identity, dataset.organizationId, false);
  if (source.datasets.visits !== id) throw badRequest(NOT_PANEL_VISITS, `Dataset ${id} is not the visits table the organization's analytic sets read`);
  await db.transaction(async (tx) => {
    await dataRepo.lockDataset(tx, id);
    await dataRepo.failDeadLoads(tx, db.kind, engine.cluster, INTERRUPTED_LOAD, id);
    if (await dataRepo.hasRunningLoad(tx, id)) throw conflict('A data load is already running', `Dataset ${id} is receiving other data; append when it finished (GET /v1/datasets/${id}/query-execution)`);
    await dataRepo.insertLoad(tx, { id: loadId, datasetId: id, userId: identity.userId, source: 'upload', format, status: 'running', instanceId: engine.cluster.instanceId });
  });
  return source;
}

/**
 * Appends the visits of the body (a file like an upload's, with the visits columns) to the panel's visits dataset and
 * answers it once every rollup answers with them. Write access to the dataset is required. A failed append is
 * recorded as a failed load and changes nothing else (the datasets' progress is put back as it was).
 */
export async function appendVisits(
  db: Db, engine: Engine, identity: Identity, id: string, body: Readable, options: AppendOptions,
): Promise<Dataset> {
  const loadId = randomUUID();
  const source = await startAppend(db, engine, identity, id, loadId, options.format);
  const panel = Object.values(source.datasets);
  const progressBefore = await db.query<{ id: string; progress: unknown }>(`SELECT id, metadata->'progress' AS progress FROM datasets WHERE id = ANY($1::uuid[])`, [panel]);
  const status = rollupStatusWriter(db, panel);
  try {
    const upload = await engine.ingest(workId(id, 'upload'), body, options.format, { skipArrow: true, compression: options.compression });
    const previous = await panelRollups(db, engine, source);
    const stored = await currentRollups(db, engine, source);
    const part = await typedPart(engine, workId(id, 'part'), upload.relation, upload.columns.map((column) => column.name), source.relations);
    const targets = await claimSpareSlots(db, source);
    const stages = [...ROLLUP_NAMES.map((name) => ({ name, weight: ROLLUP_COST[name] })), { name: VISITS_STAGE, weight: ROLLUP_COST.daily }];
    const progress = createProgress(stages, (report) => withoutAuditContext(() => status.onProgress(report)));
    await appendRollups(engine, { previous, stored, part, scratch: workId(id, 'touched') }, (name) => targets[name], (name, rows) => (rows === null ? progress.update(name, 0, 0) : progress.finish(name, rows)));
    await writeVisits(engine, source, loadId, part, Object.values(targets), progress);
    await status.flushed();
  } catch (error) {
    await status.flushed();
    await withoutAuditContext(async () => {
      for (const { id: dataset, progress } of progressBefore) {
        await db.query(`UPDATE datasets SET metadata = CASE WHEN $2::jsonb IS NULL THEN metadata - 'progress' ELSE jsonb_set(metadata, '{progress}', $2::jsonb) END WHERE id = $1`, [
          dataset, progress === null ? null : JSON.stringify(progress),
        ]);
      }
    });
    await db.transaction((tx) => dataRepo.finishLoad(tx, loadId, { status: 'failure', error: failureReason(error) }));
    throw error;
  } finally {
    await engine.deleteData(workId(id, 'part'));
    await engine.deleteData(workId(id, 'upload'));
  }
  return presentDataset(db, identity, id);
}

/**
 * The uploaded rows as the panel's visits columns and types (400 naming what is wrong: a missing column, values of
 * the wrong type, devices or places the panel does not have, visit ids that repeat or exist already), stored by place
 * and time like the panel's.
 */
async function typedPart(engine: Engine, partId: string, upload: string, names: string[], panel: PanelSource['relations']): Promise<string> {
  const missing = VISIT_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badRequest(BAD_VISITS, `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (the visits columns are ${VISIT_COLUMNS.join(', ')})`);
  const types = new Map((await engine.queryRows(`DESCRIBE SELECT * FROM ${panel.visits}`, [])).map((row) => [String(row.column_name), String(row.column_type)]));
  const cast = VISIT_COLUMNS.map((column) => `TRY_CAST("${column}" AS ${types.get(column)}) AS ${column}`).join(', ');
  const part = await engine.materialize(partId, `SELECT ${cast} FROM ${upload} ORDER BY place_id, started_at, visit_id`);
  const [found] = await engine.queryRows(
    `SELECT COUNT(*) AS total,
            COUNT(*) FILTER (WHERE ${VISIT_COLUMNS.map((column) => `${column} IS NULL`).join(' OR ')}) AS invalid,
            COUNT(*) FILTER (WHERE device_id NOT IN (SELECT device_id FROM ${panel.panel})) AS devices,
            COUNT(*) FILTER (WHERE place_id NOT IN (SELECT place_id FROM ${panel.places})) AS places,
            COUNT(visit_id) - COUNT(DISTINCT visit_id) AS repeated,
            (SELECT COUNT(*) FROM ${part.relation} p SEMI JOIN ${panel.visits} v ON v.visit_id = p.visit_id) AS existing
     FROM ${part.relation}`,
    [],
  );
  const problems = [
    Number(found!.total) === 0 && 'the file has no rows',
    Number(found!.invalid) > 0 && `${found!.invalid} rows have a missing value or one that is not of the column's type`,
    Number(found!.devices) > 0 && `${found!.devices} rows name a device_id the panel does not have`,
    Number(found!.places) > 0 && `${found!.places} rows name a place_id the panel does not have`,
    Number(found!.repeated) > 0 && `${found!.repeated} visit_id values repeat`,
    Number(found!.existing) > 0 && `${found!.existing} visit_id values are in the panel already`,
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0) throw badRequest(BAD_VISITS, problems.join('; '));
  return part.relation;
}

/**
 * The new visits version (the previous rows, then the appended ones) made current in the transaction that records the
 * new rollups as computed from it, describes it in the dataset's metadata and finishes the load.
 */
async function writeVisits(engine: Engine, source: PanelSource, loadId: string, part: string, rollups: string[], progress: Progress) {
  const id = source.datasets.visits;
  progress.update(VISITS_STAGE, 0, 0);
  const previous = (await engine.datasetData(id))!;
  const data = await appendVisitsData(engine, id, previous, part, async (tx: Queryable, next) => {
    const dataset = (await repo.findDataset(tx, id))!;
    // Taken for dead meanwhile (a stalled process): the load was failed, and another may own the dataset now.
    if (!(await dataRepo.finishLoad(tx, loadId, { status: 'success', dataVersion: next.version, rowCount: next.rowCount, format: 'parquet' }))) {
      throw conflict('The append was interrupted', INTERRUPTED_LOAD);
    }
    await dataRepo.setDatasetState(tx, id, 'ready', null, dataMetadata(dataset.metadata, id, next, 'parquet'));
    const versions = sourceDigest({ ...source.versions, [id]: next.version });
    for (const rollup of rollups) await recordRollup(tx, rollup, versions, Object.values(source.datasets));
  });
  progress.finish(VISITS_STAGE, data.rowCount);
}
