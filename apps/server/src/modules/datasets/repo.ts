import type { Dataset, DatasetListQuery, DatasetMapRef, DatasetSortKey, DatasetMetadata, DatasetStatus, DatasetType, OwnerSummary, PublicDataset, TagSummary, Visibility } from '@atlas/domain';
import { carriesEveryTag, inCallerOrganization, notVisible, ownedByCaller, readableFilter, sharedWithFilter, type Stored } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { containsPattern, Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';
import { ownerOf } from '../records/owner.js';

interface DatasetRow {
  id: string;
  name: string;
  description: string;
  type: DatasetType;
  metadata: DatasetMetadata;
  status: DatasetStatus;
  error_message: string | null;
  data_connection_id: string | null;
  owner_id: string;
  owner: OwnerSummary;
  organization_id: string;
  visibility: Visibility;
  tags: TagSummary[];
  created_at: Date;
  updated_at: Date;
}

export type StoredDataset = Stored<Dataset>;

const toDataset = (row: DatasetRow): StoredDataset => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  metadata: row.metadata,
  status: row.status,
  errorMessage: row.error_message,
  dataConnection: row.data_connection_id ? { id: row.data_connection_id } : null,
  tags: row.tags,
  ownerId: row.owner_id,
  owner: row.owner,
  organizationId: row.organization_id,
  visibility: row.visibility,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SELECT_DATASET = `
  SELECT d.id, d.name, d.description, d.type, d.metadata, d.status, d.error_message, d.data_connection_id,
         d.owner_id, d.organization_id, d.visibility, d.created_at, d.updated_at,
         ${ownerOf('d')},
         (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY lower(t.name), t.id), '[]'::jsonb)
            FROM resource_tags rt JOIN tags t ON t.id = rt.tag_id
           WHERE rt.resource_type = 'dataset' AND rt.resource_id = d.id) AS tags
  FROM datasets d`;

/** Which datasets a listing starts from, before the access check narrows it. */
export type DatasetScope = 'owned' | 'sample' | 'organization' | 'shared';

function scopeSql(scope: DatasetScope, identity: Identity, params: Params): string {
  switch (scope) {
    case 'owned':
      return ownedByCaller(identity, 'd', params);
    case 'sample':
      return 'd.is_sample';
    case 'organization':
      return inCallerOrganization(identity, 'd', params);
    case 'shared':
      return sharedWithFilter(identity, 'dataset', 'd', params);
  }
}

/** A number the data load wrote into the free-form metadata; anything else sorts as no value. */
function metadataNumber(key: 'rowCount' | 'sizeBytes'): string {
  return `CASE WHEN jsonb_typeof(d.metadata->'${key}') = 'number' THEN (d.metadata->>'${key}')::numeric END`;
}

/** The columns a listing may be sorted by: only these expressions ever reach the SQL, never the request's text. */
const SORT_COLUMNS: Record<DatasetSortKey, string> = {
  name: 'lower(d.name)',
  type: 'd.type',
  // Usable first: ready, then loading, then without data, then failed.
  status: `CASE d.status WHEN 'ready' THEN 0 WHEN 'pending' THEN 1 WHEN 'new' THEN 2 ELSE 3 END`,
  rowCount: metadataNumber('rowCount'),
  sizeBytes: metadataNumber('sizeBytes'),
  updatedAt: 'd.updated_at',
  createdAt: 'd.created_at',
};

/** ORDER BY of a listing: the chosen column (default updatedAt desc), no value last, then the id so pages never overlap. */
function orderBy(query: Pick<DatasetListQuery, 'sort' | 'order'>): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_COLUMNS[query.sort ?? 'updatedAt']} ${direction} NULLS LAST, d.id ${direction}`;
}

export async function listDatasets(db: Queryable, identity: Identity, scope: DatasetScope, query: DatasetListQuery): Promise<{ items: StoredDataset[]; total: number }> {
  const params = new Params();
  const where = [scopeSql(scope, identity, params), readableFilter(identity, 'dataset', 'd', params)];
  if (query.search) {
    const pattern = params.add(containsPattern(query.search));
    where.push(`(d.name ILIKE ${pattern} OR d.description ILIKE ${pattern})`);
  }
  if (query.type) where.push(`d.type = ${params.add(query.type)}`);
  if (query.status) where.push(`d.status = ${params.add(query.status)}`);
  where.push(...carriesEveryTag(identity, 'dataset', 'd', query.tagId, params));
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM datasets d WHERE ${condition}`, params.values);
  const page = new Params(params.values);
  const rows = await db.query<DatasetRow>(
    `${SELECT_DATASET} WHERE ${condition} ORDER BY ${orderBy(query)} LIMIT ${page.add(query.limit ?? 100)} OFFSET ${page.add(query.offset ?? 0)}`,
    page.values,
  );
  return { items: rows.map(toDataset), total: count!.total };
}

export async function findDataset(db: Queryable, id: string): Promise<StoredDataset | null> {
  const rows = await db.query<DatasetRow>(`${SELECT_DATASET} WHERE d.id = $1`, [id]);
  return rows[0] ? toDataset(rows[0]) : null;
}

/**
 * The dataset when the caller may read it (404 otherwise, as `checkAccess(…, 'read')` answers), in one query: reading
 * needs only a rank, which is what the list filter asks, so this equals the check followed by `findDataset`. For calls
 * made many times a second (tiles), where the check's own round trip to the store is a third of the work.
 */
export async function findReadableDataset(db: Queryable, identity: Identity, id: string): Promise<StoredDataset> {
  const params = new Params([id]);
  // Every tile asks this (the tile proxy's access check): remembered while the store is unchanged.
  const rows = await db.queryRemembered<DatasetRow>(`${SELECT_DATASET} WHERE d.id = $1 AND ${readableFilter(identity, 'dataset', 'd', params)}`, params.values);
  if (!rows[0]) throw notVisible('dataset', id);
  return toDataset(rows[0]);
}

/** Which of `ids` are SQL datasets: one query for a whole pipeline (most name none), before any of them is opened. */
export async function sqlDatasetIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(`SELECT id FROM datasets WHERE type = 'sql' AND id = ANY($1::uuid[])`, [[...ids]]);
  return new Set(rows.map((row) => row.id));
}

export interface NewDataset {
  id: string;
  ownerId: string;
  organizationId: string;
  name: string;
  description: string;
  type: DatasetType;
  metadata: DatasetMetadata;
  status: DatasetStatus;
  errorMessage: string | null;
  dataConnectionId: string | null;
}

export async function insertDataset(db: Queryable, dataset: NewDataset): Promise<void> {
  await db.query(
    `INSERT INTO datasets (id, owner_id, organization_id, name, description, type, metadata, status, error_message, data_connection_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
    [
      dataset.id,
      dataset.ownerId,
      dataset.organizationId,
      dataset.name,
      dataset.description,
      dataset.type,
      JSON.stringify(dataset.metadata),
      dataset.status,
      dataset.errorMessage,
      dataset.dataConnectionId,
    ],
  );
}

export interface DatasetPatch {
  name?: string;
  description?: string;
  type?: DatasetType;
  metadata?: DatasetMetadata;
}

/** Absent fields keep their value; metadata is replaced as a whole. */
export async function updateDataset(db: Queryable, id: string, patch: DatasetPatch): Promise<void> {
  await db.query(
    `UPDATE datasets SET
       name = coalesce($2, name),
       description = coalesce($3, description),
       type = coalesce($4, type),
       metadata = coalesce($5::jsonb, metadata),
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      patch.name ?? null,
      patch.description ?? null,
      patch.type ?? null,
      patch.metadata === undefined ? null : JSON.stringify(patch.metadata),
    ],
  );
}

export async function deleteDataset(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM datasets WHERE id = $1', [id]);
}

/** Maps linked to the dataset that the caller can read. */
export async function listDatasetMaps(db: Queryable, identity: Identity, datasetId: string): Promise<{ items: DatasetMapRef[]; total: number }> {
  const params = new Params([datasetId]);
  const rows = await db.query<{ id: string; name: string; updated_at: Date }>(
    `SELECT r.id, r.name, r.updated_at FROM records r JOIN record_datasets rd ON rd.record_id = r.id
     WHERE rd.dataset_id = $1 AND ${readableFilter(identity, 'map', 'r', params)}
     ORDER BY r.updated_at DESC, r.id`,
    params.values,
  );
  return { items: rows.map((row) => ({ id: row.id, name: row.name, updatedAt: iso(row.updated_at) })), total: rows.length };
}

/** Public datasets only: the anonymous identity's access check leaves nothing but public_read. */
export async function searchPublicDatasets(
  db: Queryable,
  { query, limit, offset }: { query?: string; limit: number; offset: number },
): Promise<{ items: PublicDataset[]; total: number }> {
  const params = new Params();
  const where = [readableFilter(null, 'dataset', 'd', params)];
  if (query) {
    const pattern = params.add(containsPattern(query));
    where.push(`(d.name ILIKE ${pattern} OR d.description ILIKE ${pattern})`);
  }
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM datasets d WHERE ${condition}`, params.values);
  const page = new Params(params.values);
  const rows = await db.query<{ id: string; name: string; description: string; type: DatasetType; status: DatasetStatus; updated_at: Date }>(
    `SELECT d.id, d.name, d.description, d.type, d.status, d.updated_at FROM datasets d WHERE ${condition}
     ORDER BY d.updated_at DESC, d.id LIMIT ${page.add(limit)} OFFSET ${page.add(offset)}`,
    page.values,
  );
  return {
    items: rows.map((row) => ({ id: row.id, name: row.name, description: row.description, type: row.type, status: row.status, updatedAt: iso(row.updated_at) })),
    total: count!.total,
  };
}
