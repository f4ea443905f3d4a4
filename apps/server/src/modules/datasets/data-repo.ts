import type { DatasetMetadata, DatasetStatus } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
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

export interface NewLoad {
  id: string;
  datasetId: string;
  userId: string;
  source: 'upload' | 'clone';
  format: DataLoadExecution['format'];
  status: DataLoadExecution['status'];
}

export async function insertLoad(db: Queryable, load: NewLoad): Promise<void> {
  await db.query(
    `INSERT INTO dataset_loads (id, dataset_id, user_id, source, format, status, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 IN ('success', 'failure') THEN now() END)`,
    [load.id, load.datasetId, load.userId, load.source, load.format, load.status],
  );
}

export async function finishLoad(
  db: Queryable,
  id: string,
  outcome: { status: 'success'; dataVersion: string; rowCount: number } | { status: 'failure'; error: string },
): Promise<void> {
  await db.query(`UPDATE dataset_loads SET status = $2, data_version = $3, row_count = $4, error = $5, finished_at = now() WHERE id = $1`, [
    id,
    outcome.status,
    outcome.status === 'success' ? outcome.dataVersion : null,
    outcome.status === 'success' ? outcome.rowCount : null,
    outcome.status === 'failure' ? outcome.error : null,
  ]);
}

/** Fails every load still marked running (their process is gone); answers the datasets and formats of those loads. */
export async function failRunningLoads(db: Queryable, error: string): Promise<{ datasetId: string; format: DataLoadExecution['format'] }[]> {
  const rows = await db.query<{ dataset_id: string; format: DataLoadExecution['format'] }>(
    `UPDATE dataset_loads SET status = 'failure', error = $1, finished_at = now() WHERE status = 'running' RETURNING dataset_id, format`,
    [error],
  );
  return rows.map((row) => ({ datasetId: row.dataset_id, format: row.format }));
}

/** For a clone: the finished load record, in one statement. */
export async function insertFinishedLoad(db: Queryable, load: Omit<NewLoad, 'status'>, dataVersion: string, rowCount: number): Promise<void> {
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
