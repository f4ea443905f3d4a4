import type { MapAssetType, OwnerSummary, Visibility } from '@atlas/domain';
import { readableFilter, sharedWithFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { ownerOf } from '../records/owner.js';

export interface MapAssetRow {
  id: string;
  organization_id: string;
  owner_id: string;
  owner: OwnerSummary;
  type: MapAssetType;
  name: string;
  description: string;
  metadata: Record<string, unknown>;
  asset_content_type: string | null;
  thumbnail_content_type: string | null;
  asset_key: string | null;
  thumbnail_key: string | null;
  visibility: Visibility;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `a.id, a.organization_id, a.owner_id, a.type, a.name, a.description, a.metadata, a.asset_content_type,
  a.thumbnail_content_type, a.asset_key, a.thumbnail_key, a.visibility, a.created_at, a.updated_at, ${ownerOf('a')}`;

/** Which assets a listing shows, always within what the caller may read. */
export type ListScope = 'owned' | 'organization' | 'shared';

export interface ListQuery {
  scope: ListScope;
  type?: MapAssetType;
  limit: number;
  offset: number;
}

export async function listAssets(db: Queryable, identity: Identity, { scope, type, limit, offset }: ListQuery): Promise<{ rows: MapAssetRow[]; total: number }> {
  const params = new Params();
  const where = [scope === 'shared' ? sharedWithFilter(identity, 'map-asset', 'a', params) : readableFilter(identity, 'map-asset', 'a', params)];
  if (scope === 'owned') where.push(`a.owner_id = ${params.add(identity.userId)}`);
  if (scope === 'organization') where.push(`a.organization_id = ${params.add(identity.organizationId)}`);
  if (type) where.push(`a.type = ${params.add(type)}`);
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM map_assets a WHERE ${condition}`, params.values);
  const rows = await db.query<MapAssetRow>(
    `SELECT ${COLUMNS} FROM map_assets a WHERE ${condition} ORDER BY a.updated_at DESC, a.id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  return { rows, total: count!.total };
}

export async function findAsset(db: Queryable, id: string): Promise<MapAssetRow | null> {
  const rows = await db.query<MapAssetRow>(`SELECT ${COLUMNS} FROM map_assets a WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The assets linked to each of `recordIds` that the caller may read, oldest link first. */
export async function findReadableLinked(
  db: Queryable,
  identity: Identity,
  recordIds: readonly string[],
  adminMode: boolean,
): Promise<Array<MapAssetRow & { record_id: string }>> {
  const params = new Params([recordIds]);
  return db.query<MapAssetRow & { record_id: string }>(
    `SELECT ra.record_id, ${COLUMNS} FROM record_map_assets ra JOIN map_assets a ON a.id = ra.asset_id
     WHERE ra.record_id = ANY($1::uuid[]) AND ${readableFilter(identity, 'map-asset', 'a', params, adminMode)} ORDER BY ra.created_at, a.id`,
    params.values,
  );
}

export interface NewAsset {
  id: string;
  organizationId: string;
  ownerId: string;
  type: MapAssetType;
  name: string;
  description: string;
  metadata: Record<string, unknown>;
}

export async function insertAsset(db: Queryable, asset: NewAsset): Promise<MapAssetRow> {
  const rows = await db.query<MapAssetRow>(
    `INSERT INTO map_assets AS a (id, organization_id, owner_id, type, name, description, metadata)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING ${COLUMNS}`,
    [asset.id, asset.organizationId, asset.ownerId, asset.type, asset.name, asset.description, JSON.stringify(asset.metadata)],
  );
  return rows[0]!;
}

export interface AssetChanges {
  name?: string;
  description?: string;
  metadata?: Record<string, unknown>;
}

export async function updateAsset(db: Queryable, id: string, changes: AssetChanges): Promise<MapAssetRow> {
  const rows = await db.query<MapAssetRow>(
    `UPDATE map_assets AS a SET name = COALESCE($2, a.name), description = COALESCE($3, a.description),
       metadata = COALESCE($4::jsonb, a.metadata), updated_at = now()
     WHERE a.id = $1 RETURNING ${COLUMNS}`,
    [id, changes.name ?? null, changes.description ?? null, changes.metadata === undefined ? null : JSON.stringify(changes.metadata)],
  );
  return rows[0]!;
}

export interface FileSlots {
  asset?: { contentType: string; key: string };
  thumbnail?: { contentType: string; key: string };
}

/** Records the content types and storage keys that the issued upload policies point at. */
export async function setFiles(db: Queryable, id: string, { asset, thumbnail }: FileSlots): Promise<MapAssetRow> {
  const rows = await db.query<MapAssetRow>(
    `UPDATE map_assets AS a SET
       asset_content_type = COALESCE($2, a.asset_content_type), asset_key = COALESCE($3, a.asset_key),
       thumbnail_content_type = COALESCE($4, a.thumbnail_content_type), thumbnail_key = COALESCE($5, a.thumbnail_key),
       updated_at = now()
     WHERE a.id = $1 RETURNING ${COLUMNS}`,
    [id, asset?.contentType ?? null, asset?.key ?? null, thumbnail?.contentType ?? null, thumbnail?.key ?? null],
  );
  return rows[0]!;
}

/** Deletes the asset (its record links cascade) and answers the file keys to remove once committed. */
export async function deleteAsset(db: Queryable, id: string): Promise<Array<string | null>> {
  const rows = await db.query<{ asset_key: string | null; thumbnail_key: string | null }>(
    'DELETE FROM map_assets WHERE id = $1 RETURNING asset_key, thumbnail_key',
    [id],
  );
  return rows[0] ? [rows[0].asset_key, rows[0].thumbnail_key] : [];
}
