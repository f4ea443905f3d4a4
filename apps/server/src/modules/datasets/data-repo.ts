import type { DatasetMetadata, DatasetStatus } from '@atlas/domain';
import { instanceIsDead, type Liveness } from '../../cluster/instance.js';
import type { Db, Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import type { DataLoadExecution } from './data-schemas.js';

interface LoadRow {
  id: string;
  status: DataLoadExecution['status'];
  source: DataLoadExecution['source'];
  format: DataLoadExecution['format'];
  data_version: string | null;
  row_count: string | number | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** Tile builds are loads of their tileset (migration 018), failed apart from uploads: their message differs. */
export const TILE_BUILD_SOURCES = ['hextile', 'vectortile'] as const;
export type TileBuildSource = (typeof TILE_BUILD_SOURCES)[number];
export type LoadSource = 'upload' | 'clone' | TileBuildSource;

export interface NewLoad {
  id: string;
  /** The server instance running the load (null for a clone, finished in its transaction). */
  instanceId: string | null;
  datasetId: string;
  userId: string;
  source: LoadSource;
  format: DataLoadExecution['format'];
  status: DataLoadExecution['status'];
}

export async function insertLoad(db: Queryable, load: NewLoad): Promise<void> {
  await db.query(
    `INSERT INTO dataset_loads (id, dataset_id, user_id, source, format, status, instance_id, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6 IN ('success', 'failure') THEN now() END)`,
    [load.id, load.datasetId, load.userId, load.source, load.format, load.status, load.instanceId],
  );
}

/** Ends a running load; false when it is not running any more (another process took its instance for dead). */
export async function finishLoad(
  db: Queryable,
  id: string,
  outcome: { status: 'success'; dataVersion: string; rowCount: number; format: DataLoadExecution['format'] } | { status: 'failure'; error: string },
): Promise<boolean> {
  // A zip's format is known once its file is read: the success names it.
  const rows = await db.query(
    `UPDATE dataset_loads SET status = $2, data_version = $3, row_count = $4, error = $5, format = COALESCE($6, format), finished_at = now()
     WHERE id = $1 AND status = 'running' RETURNING id`,
    [
    id,
    outcome.status,
    outcome.status === 'success' ? outcome.dataVersion : null,
    outcome.status === 'success' ? outcome.rowCount : null,
    outcome.status === 'failure' ? outcome.error : null,
    outcome.status === 'success' ? outcome.format : null,
    ],
  );
  return rows.length > 0;
}

/**
 * Fails the running uploads and clones whose instance is dead (of one dataset, or all); answers their datasets.
 * `kind` is the database's: see instanceIsDead.
 */
export async function failDeadLoads(db: Queryable, kind: Db['kind'], liveness: Liveness, error: string, datasetId?: string): Promise<string[]> {
  return failDead(db, kind, liveness, error, ['upload', 'clone'], datasetId);
}

/** As failDeadLoads, for the tile builds. */
export async function failDeadTileBuilds(db: Queryable, kind: Db['kind'], liveness: Liveness, error: string, datasetId?: string): Promise<string[]> {
  return failDead(db, kind, liveness, error, TILE_BUILD_SOURCES, datasetId);
}

async function failDead(db: Queryable, kind: Db['kind'], liveness: Liveness, error: string, sources: readonly LoadSource[], datasetId?: string): Promise<string[]> {
  const params: unknown[] = [error, [...sources]];
  const dead = instanceIsDead(kind, 'instance_id', liveness, params);
  if (datasetId) params.push(datasetId);
  const rows = await db.query<{ dataset_id: string }>(
    `UPDATE dataset_loads SET status = 'failure', error = $1, finished_at = now()
     WHERE status = 'running' AND source = ANY($2::text[]) AND ${dead}${datasetId ? ` AND dataset_id = $${params.length}` : ''} RETURNING dataset_id`,
    params,
  );
  return [...new Set(rows.map((row) => row.dataset_id))];
}

/** Whether a load of the dataset is running (after failDeadLoads: in a live process). */
export async function hasRunningLoad(db: Queryable, datasetId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM dataset_loads WHERE dataset_id = $1 AND status = 'running' LIMIT 1`, [datasetId]);
  return rows.length > 0;
}

/** Locks the dataset's row until the transaction ends: loads of one dataset start one at a time across processes. */
export async function lockDataset(db: Queryable, datasetId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM datasets WHERE id = $1 FOR UPDATE`, [datasetId]);
  return rows.length > 0;
}

/** For a clone: the finished load record, in one statement. */
export async function insertFinishedLoad(db: Queryable, load: Omit<NewLoad, 'status' | 'instanceId'>, dataVersion: string, rowCount: number): Promise<void> {
  await db.query(
    `INSERT INTO dataset_loads (id, dataset_id, user_id, source, format, status, data_version, row_count, finished_at)
     VALUES ($1, $2, $3, $4, $5, 'success', $6, $7, now())`,
    [load.id, load.datasetId, load.userId, load.source, load.format, dataVersion, rowCount],
  );
}

export async function latestLoad(db: Queryable, datasetId: string): Promise<DataLoadExecution | null> {
  const rows = await db.query<LoadRow>(
    `SELECT id, status, source, format, data_version, row_count, error, started_at, finished_at
     FROM dataset_loads WHERE dataset_id = $1 ORDER BY started_at DESC, id DESC LIMIT 1`,
    [datasetId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    format: row.format,
    dataVersion: row.data_version,
    rowCount: row.row_count === null ? null : Number(row.row_count),
    error: row.error,
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
  };
}

/** Status (and error message) of a dataset; metadata too when given. True when the dataset still exists. */
export async function setDatasetState(db: Queryable, id: string, status: DatasetStatus, errorMessage: string | null, metadata?: DatasetMetadata): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE datasets SET status = $2, error_message = $3, metadata = coalesce($4::jsonb, metadata), updated_at = now() WHERE id = $1 RETURNING id`,
    [id, status, errorMessage, metadata === undefined ? null : JSON.stringify(metadata)],
  );
  return rows.length > 0;
}

/** The bytes stored for the dataset's data version `version` (an Arrow copy added to it), unless its data changed since. */
export async function setStoredSize(db: Queryable, id: string, version: string, sizeBytes: number): Promise<void> {
  await db.query(`UPDATE datasets SET metadata = jsonb_set(metadata, '{sizeBytes}', to_jsonb($3::bigint)) WHERE id = $1 AND metadata->>'dataVersion' = $2`, [
    id,
    version,
    sizeBytes,
  ]);
}
