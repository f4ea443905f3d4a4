import type { OwnerSummary, RecordKind, Visibility } from '@atlas/domain';
import { readableFilter, resourceTable, sharedWithFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { containsPattern, Params } from '../../store/params.js';
import { dropAccessTokens } from '../map-assets/metadata.js';
import { ownerOf } from './owner.js';

export interface RecordRow {
  id: string;
  kind: RecordKind;
  organization_id: string;
  owner_id: string;
  owner: OwnerSummary;
  name: string;
  description: string;
  metadata: Record<string, unknown>;
  visibility: Visibility;
  is_sample: boolean;
  thumbnail_key: string | null;
  thumbnail_content_type: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `r.id, r.kind, r.organization_id, r.owner_id, r.name, r.description, r.metadata, r.visibility, r.is_sample, r.thumbnail_key,
  r.thumbnail_content_type, r.created_at, r.updated_at, ${ownerOf('r')}`;

export async function findRecord(db: Queryable, kind: RecordKind, id: string): Promise<RecordRow | null> {
  const rows = await db.query<RecordRow>(`SELECT ${COLUMNS} FROM records r WHERE r.id = $1 AND r.kind = $2`, [id, kind]);
  return rows[0] ?? null;
}

/** Which records a listing starts from, before the access check narrows it. */
export type ListScope = 'owned' | 'organization' | 'shared' | 'samples';

function scopeSql(scope: ListScope, identity: Identity, kind: RecordKind, params: Params): string {
  switch (scope) {
    case 'owned':
      return `r.owner_id = ${params.add(identity.userId)}`;
    case 'organization':
      return `r.organization_id = ${params.add(identity.organizationId)}`;
    case 'samples':
      return 'r.is_sample';
    case 'shared':
      return sharedWithFilter(identity, kind, 'r', params);
  }
}


export interface ListOptions {
  search?: string;
  limit: number;
  offset: number;
}

export async function listRecords(
  db: Queryable,
  identity: Identity,
  kind: RecordKind,
  scope: ListScope,
  { search, limit, offset }: ListOptions,
): Promise<{ rows: RecordRow[]; total: number }> {
  const params = new Params();
  const where = [scopeSql(scope, identity, kind, params), readableFilter(identity, kind, 'r', params)];
  if (search) where.push(`r.name ILIKE ${params.add(containsPattern(search))} ESCAPE '\\'`);
  const whereSql = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM records r WHERE ${whereSql}`, params.values);
  const page = new Params(params.values);
  const rows = await db.query<RecordRow>(
    `SELECT ${COLUMNS} FROM records r WHERE ${whereSql} ORDER BY r.updated_at DESC, r.id DESC LIMIT ${page.add(limit)} OFFSET ${page.add(offset)}`,
    page.values,
  );
  return { rows, total: count!.total };
}

export interface NewRecord {
  id: string;
  kind: RecordKind;
  organizationId: string;
  ownerId: string;
  name: string;
  description: string;
  metadata: Record<string, unknown>;
}

export async function insertRecord(db: Queryable, record: NewRecord): Promise<void> {
  await db.query(
    `INSERT INTO records (id, kind, organization_id, owner_id, name, description, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [record.id, record.kind, record.organizationId, record.ownerId, record.name, record.description, JSON.stringify(record.metadata, dropAccessTokens)],
  );
}

export interface RecordChanges {
  name?: string;
  description?: string;
  metadata?: Record<string, unknown>;
}

/** Applies the given changes and always moves updatedAt. */
export async function updateRecord(db: Queryable, id: string, changes: RecordChanges): Promise<void> {
  const params = new Params([id]);
  const sets = ['updated_at = now()'];
  if (changes.name !== undefined) sets.push(`name = ${params.add(changes.name)}`);
  if (changes.description !== undefined) sets.push(`description = ${params.add(changes.description)}`);
  if (changes.metadata !== undefined) sets.push(`metadata = ${params.add(JSON.stringify(changes.metadata, dropAccessTokens))}::jsonb`);
  await db.query(`UPDATE records SET ${sets.join(', ')} WHERE id = $1`, params.values);
}

export const touchRecord = (db: Queryable, id: string) => updateRecord(db, id, {});

export async function deleteRecord(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM records WHERE id = $1', [id]);
}

export async function setThumbnail(db: Queryable, id: string, key: string, contentType: string): Promise<void> {
  await db.query('UPDATE records SET thumbnail_key = $2, thumbnail_content_type = $3, updated_at = now() WHERE id = $1', [id, key, contentType]);
}

/** Links datasets (already linked ones are left alone); answers how many links were added. */
export async function linkDatasets(db: Queryable, recordId: string, datasetIds: readonly string[]): Promise<number> {
  if (datasetIds.length === 0) return 0;
  const rows = await db.query(
    `INSERT INTO record_datasets (record_id, dataset_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING dataset_id`,
    [recordId, datasetIds],
  );
  return rows.length;
}

export async function unlinkDataset(db: Queryable, recordId: string, datasetId: string): Promise<number> {
  const rows = await db.query('DELETE FROM record_datasets WHERE record_id = $1 AND dataset_id = $2 RETURNING dataset_id', [recordId, datasetId]);
  return rows.length;
}

export async function linkMapAsset(db: Queryable, recordId: string, assetId: string): Promise<number> {
  const rows = await db.query(
    'INSERT INTO record_map_assets (record_id, asset_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING asset_id',
    [recordId, assetId],
  );
  return rows.length;
}

export async function unlinkMapAsset(db: Queryable, recordId: string, assetId: string): Promise<number> {
  const rows = await db.query('DELETE FROM record_map_assets WHERE record_id = $1 AND asset_id = $2 RETURNING asset_id', [recordId, assetId]);
  return rows.length;
}

/** The link tables of a record: what each links to. */
const LINKS = [
  { table: 'record_datasets', column: 'dataset_id', type: 'dataset' },
  { table: 'record_map_assets', column: 'asset_id', type: 'map-asset' },
] as const;

/** Copies the dataset and map-asset links of one record to another (clone), keeping only what the cloner may read. */
export async function copyLinks(db: Queryable, identity: Identity, fromId: string, toId: string): Promise<void> {
  for (const { table, column, type } of LINKS) {
    const params = new Params([fromId, toId]);
    await db.query(
      `INSERT INTO ${table} (record_id, ${column}) SELECT $2, l.${column} FROM ${table} l JOIN ${resourceTable(type)} t ON t.id = l.${column}
       WHERE l.record_id = $1 AND ${readableFilter(identity, type, 't', params)}`,
      params.values,
    );
  }
}
