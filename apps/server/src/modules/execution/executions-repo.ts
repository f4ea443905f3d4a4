import type { CacheMode, ParameterValues, QueryExecution, QueryExecutionState } from '@atlas/domain';
import { ownedByCaller } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso, isoOrNull } from '../../store/rows.js';

interface ExecutionRow {
  id: string;
  owner_id: string;
  kind: QueryExecution['kind'];
  status: QueryExecutionState;
  query_template_id: string | null;
  query_template_version: number | null;
  dataset_id: string | null;
  record_id: string | null;
  parameters: ParameterValues | null;
  pipeline_hash: string | null;
  dataset_versions: Record<string, string>;
  cache_mode: CacheMode;
  cache_hit: boolean;
  cache_expires_at: Date | string | null;
  row_count: number | string | null;
  error: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toExecution = (row: ExecutionRow): QueryExecution => ({
  id: row.id,
  status: row.status,
  kind: row.kind,
  ownerId: row.owner_id,
  queryTemplateId: row.query_template_id,
  queryTemplateVersion: row.query_template_version,
  datasetId: row.dataset_id,
  recordId: row.record_id,
  parameters: row.parameters,
  pipelineHash: row.pipeline_hash,
  datasetVersions: row.dataset_versions,
  cacheMode: row.cache_mode,
  cacheHit: row.cache_hit,
  cacheExpiresAt: isoOrNull(row.cache_expires_at),
  rowCount: row.row_count === null ? null : Number(row.row_count),
  error: row.error,
  startedAt: isoOrNull(row.started_at),
  finishedAt: isoOrNull(row.finished_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export interface NewExecution {
  id: string;
  organizationId: string;
  ownerId: string;
  kind: QueryExecution['kind'];
  queryTemplateId: string | null;
  queryTemplateVersion: number | null;
  datasetId: string | null;
  recordId: string | null;
  parameters: ParameterValues | null;
  pipelineHash: string;
  datasetVersions: Record<string, string>;
  cacheMode: CacheMode;
  cacheKey: string | null;
}

export async function insertExecution(db: Queryable, execution: NewExecution): Promise<QueryExecution> {
  const rows = await db.query<ExecutionRow>(
    `INSERT INTO query_executions (id, organization_id, owner_id, kind, status, query_template_id, query_template_version, dataset_id, record_id,
       parameters, pipeline_hash, dataset_versions, cache_mode, cache_key)
     VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      execution.id,
      execution.organizationId,
      execution.ownerId,
      execution.kind,
      execution.queryTemplateId,
      execution.queryTemplateVersion,
      execution.datasetId,
      execution.recordId,
      execution.parameters === null ? null : JSON.stringify(execution.parameters),
      execution.pipelineHash,
      JSON.stringify(execution.datasetVersions),
      execution.cacheMode,
      execution.cacheKey,
    ],
  );
  return toExecution(rows[0]!);
}

/** queued → running; false when the execution was cancelled meanwhile. */
export async function markRunning(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(`UPDATE query_executions SET status = 'running', started_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued' RETURNING id`, [id]);
  return rows.length > 0;
}

export interface Outcome {
  status: 'success' | 'failure' | 'cancelled';
  rowCount?: number | null;
  error?: string | null;
  cacheHit?: boolean;
  cacheExpiresAt?: Date | null;
}

/** Ends an execution that is still queued or running (a cancel that got there first wins). */
export async function finishExecution(db: Queryable, id: string, outcome: Outcome): Promise<QueryExecution | null> {
  const rows = await db.query<ExecutionRow>(
    `UPDATE query_executions
     SET status = $2, row_count = $3, error = $4, cache_hit = $5, cache_expires_at = $6,
         started_at = coalesce(started_at, now()), finished_at = now(), updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
    [id, outcome.status, outcome.rowCount ?? null, outcome.error ?? null, outcome.cacheHit ?? false, outcome.cacheExpiresAt ?? null],
  );
  return rows[0] ? toExecution(rows[0]) : null;
}

export async function findExecution(db: Queryable, id: string): Promise<(QueryExecution & { organizationId: string }) | null> {
  const rows = await db.query<ExecutionRow & { organization_id: string }>('SELECT * FROM query_executions WHERE id = $1', [id]);
  return rows[0] ? { ...toExecution(rows[0]), organizationId: rows[0].organization_id } : null;
}

/** The caller's own executions, newest first. */
export async function listExecutions(db: Queryable, identity: Identity, offset: number, limit: number): Promise<{ items: QueryExecution[]; total: number }> {
  const params = new Params();
  const mine = ownedByCaller(identity, 'e', params);
  const rows = await db.query<ExecutionRow & { total: number | string }>(
    `SELECT e.*, count(*) OVER () AS total FROM query_executions e WHERE ${mine} ORDER BY e.created_at DESC, e.id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  const total = rows[0] ? Number(rows[0].total) : (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM query_executions e WHERE ${mine}`, params.values.slice(0, 1)))[0]!.n;
  return { items: rows.map(toExecution), total };
}

/** The newest execution of a template run for a record (map, insight or workbook). */
export async function latestTemplateExecution(db: Queryable, recordId: string, templateId: string): Promise<QueryExecution | null> {
  const rows = await db.query<ExecutionRow>(
    'SELECT * FROM query_executions WHERE record_id = $1 AND query_template_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [recordId, templateId],
  );
  return rows[0] ? toExecution(rows[0]) : null;
}
