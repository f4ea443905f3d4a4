import { randomUUID } from 'node:crypto';
import type { PublishedConfig, PublishedDatasetRef, PublishedInfo, PublishedItem, PublishedItemSummary, PublishedListQuery, PublishedResourceType } from '@atlas/domain';
import { paths } from '@atlas/routes';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso, isoOrNull } from '../../store/rows.js';

/** SQL over published_items: one row per published map or insight (unique per record) and per report. */

/** What step one of publishing keeps until step two; the password is already an argon2 hash here. */
export interface PendingOptions {
  name?: string;
  description?: string;
  /** Present when step one set (string) or removed (null) the password; absent keeps the current one. */
  passwordHash?: string | null;
}

export interface PublishedRow {
  id: string;
  resource_type: PublishedResourceType;
  resource_id: string | null;
  organization_id: string;
  owner_id: string;
  name: string;
  description: string;
  config: Partial<PublishedConfig>;
  datasets: PublishedDatasetRef[];
  upload_options: PendingOptions;
  password_hash: string | null;
  status: 'pending' | 'published';
  views: number | string;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const EMPTY_CONFIG: PublishedConfig = { version: 'v1', config: {} };

export function toSummary(row: PublishedRow): PublishedItemSummary {
  return {
    id: row.id,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    name: row.name,
    description: row.description,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    datasets: row.datasets,
    passwordProtected: row.password_hash !== null,
    status: row.status,
    // bigint arrives as a string from node-postgres.
    views: Number(row.views),
    publishedAt: isoOrNull(row.published_at),
    url: paths.publicView(row.id),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const toPublishedItem = (row: PublishedRow): PublishedItem => ({
  ...toSummary(row),
  config: row.config.version === 'v1' && row.config.config ? (row.config as PublishedConfig) : EMPTY_CONFIG,
});

export const toPublishedInfo = (row: PublishedRow): PublishedInfo => ({
  id: row.id,
  name: row.name,
  description: row.description,
  passwordProtected: row.password_hash !== null,
  publishedAt: isoOrNull(row.published_at),
});

const json = (value: unknown) => JSON.stringify(value);

export async function findById(db: Queryable, id: string): Promise<PublishedRow | null> {
  const rows = await db.query<PublishedRow>('SELECT * FROM published_items WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findForRecord(db: Queryable, type: 'map' | 'insight', recordId: string): Promise<PublishedRow | null> {
  const rows = await db.query<PublishedRow>('SELECT * FROM published_items WHERE resource_type = $1 AND resource_id = $2', [type, recordId]);
  return rows[0] ?? null;
}

/**
 * The published (not pending) item of a record that still exists, looked up by the record id or by the
 * published id itself, so the public link /public/{publishedId} resolves too.
 */
export async function findPublicForRecord(db: Queryable, type: 'map' | 'insight', id: string): Promise<PublishedRow | null> {
  const rows = await db.query<PublishedRow>(
    `SELECT p.* FROM published_items p JOIN records r ON r.id = p.resource_id AND r.kind = p.resource_type
     WHERE p.resource_type = $1 AND (p.resource_id = $2 OR p.id = $2) AND p.status = 'published'`,
    [type, id],
  );
  return rows[0] ?? null;
}

export interface RecordOwnership {
  ownerId: string;
  organizationId: string;
  name: string;
  description: string;
}

/** Step one: creates the record's publication or resets it to pending with new options. */
export async function upsertPending(tx: Queryable, type: 'map' | 'insight', recordId: string, record: RecordOwnership, options: PendingOptions): Promise<PublishedRow> {
  const rows = await tx.query<PublishedRow>(
    `INSERT INTO published_items (id, resource_type, resource_id, organization_id, owner_id, name, description, config, upload_options, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, 'pending')
     ON CONFLICT (resource_type, resource_id) WHERE resource_id IS NOT NULL
     DO UPDATE SET status = 'pending', upload_options = EXCLUDED.upload_options, updated_at = now()
     RETURNING *`,
    [randomUUID(), type, recordId, record.organizationId, record.ownerId, record.name, record.description, json(EMPTY_CONFIG), json(options)],
  );
  return rows[0]!;
}

export interface Snapshot {
  ownerId: string;
  organizationId: string;
  name: string;
  description: string;
  config: PublishedConfig;
  datasets: PublishedDatasetRef[];
  passwordHash: string | null;
  isSample: boolean;
}

/** Step two (and publishing a report): stores the snapshot and makes the item public. */
export async function publish(tx: Queryable, id: string, snapshot: Snapshot): Promise<PublishedRow> {
  const rows = await tx.query<PublishedRow>(
    `UPDATE published_items SET owner_id = $2, organization_id = $3, name = $4, description = $5, config = $6::jsonb, datasets = $7::jsonb,
       password_hash = $8, is_sample = $9, upload_options = upload_options - 'passwordHash', status = 'published', published_at = now(), updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, snapshot.ownerId, snapshot.organizationId, snapshot.name, snapshot.description, json(snapshot.config), json(snapshot.datasets), snapshot.passwordHash, snapshot.isSample],
  );
  return rows[0]!;
}

export async function deleteForRecord(tx: Queryable, type: 'map' | 'insight', recordId: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM published_items WHERE resource_type = $1 AND resource_id = $2 RETURNING id', [type, recordId]);
  return rows.length > 0;
}

/** Counts one view and answers the item with the new count. */
export async function countView(db: Queryable, id: string): Promise<PublishedRow> {
  const rows = await db.query<PublishedRow>('UPDATE published_items SET views = views + 1 WHERE id = $1 RETURNING *', [id]);
  return rows[0]!;
}

const ORDER_BY: Record<PublishedListQuery['sortBy'], string> = {
  views: 'p.views DESC, p.published_at DESC, p.id',
  date: 'p.published_at DESC, p.id',
};

/** A page of published items of records matching `where` (SQL over aliases p and r, values already in params). */
export async function listPublished(db: Queryable, type: 'map' | 'insight', where: string, params: Params, query: PublishedListQuery) {
  const filter = `FROM published_items p JOIN records r ON r.id = p.resource_id AND r.kind = p.resource_type
    WHERE p.resource_type = ${params.add(type)} AND p.status = 'published' AND ${where}`;
  const counts = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${filter}`, params.values);
  const rows = await db.query<PublishedRow>(
    `SELECT p.* ${filter} ORDER BY ${ORDER_BY[query.sortBy]} LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.offset)}`,
    params.values,
  );
  return { items: rows.map(toPublishedItem), total: counts[0]!.n };
}

/** For each listed record the caller can read (`readable`: SQL over alias r), its published item or null. */
export async function publishedOfRecords(db: Queryable, type: 'map' | 'insight', ids: readonly string[], readable: string, params: Params) {
  const rows = await db.query<PublishedRow & { record_id: string }>(
    `SELECT r.id AS record_id, p.* FROM records r
     LEFT JOIN published_items p ON p.resource_type = r.kind AND p.resource_id = r.id AND p.status = 'published'
     WHERE r.id = ANY(${params.add(ids)}::uuid[]) AND r.kind = ${params.add(type)} AND ${readable}`,
    params.values,
  );
  return new Map(rows.map((row) => [row.record_id, row.id ? toPublishedItem(row) : null]));
}
