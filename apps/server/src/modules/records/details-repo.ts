// The parts a record shows besides its own row, each fetched for a whole page of records in one query.
import type { DatasetStatus, DatasetType, FeaturedRef, PublishedRef, RecordDatasetRef, RecordKind, RecordMapAssetRef, RecordTag } from '@atlas/domain';
import { readableFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';
import { toMapAssetRef } from '../map-assets/present.js';
import { findReadableLinked } from '../map-assets/repo.js';

const groupBy = <T>(rows: Array<T & { record_id: string }>, toItem: (row: T) => unknown) => {
  const groups = new Map<string, unknown[]>();
  for (const row of rows) {
    const list = groups.get(row.record_id) ?? [];
    list.push(toItem(row));
    groups.set(row.record_id, list);
  }
  return groups;
};

/** The linked datasets the caller may read: one they cannot read is not described at all, not even by name. */
export async function findDatasets(db: Queryable, identity: Identity, recordIds: readonly string[], adminMode: boolean): Promise<Map<string, RecordDatasetRef[]>> {
  const params = new Params([recordIds]);
  const rows = await db.query<{ record_id: string; id: string; name: string; type: DatasetType; status: DatasetStatus }>(
    `SELECT rd.record_id, d.id, d.name, d.type, d.status FROM record_datasets rd JOIN datasets d ON d.id = rd.dataset_id
     WHERE rd.record_id = ANY($1::uuid[]) AND ${readableFilter(identity, 'dataset', 'd', params, adminMode)} ORDER BY rd.created_at, d.id`,
    params.values,
  );
  return groupBy(rows, ({ id, name, type, status }) => ({ id, name, type, status })) as Map<string, RecordDatasetRef[]>;
}

/** The linked map assets the caller may read, each shown by the map-asset presenter (a style's token to its owner only). */
export async function findMapAssets(db: Queryable, identity: Identity, recordIds: readonly string[], adminMode: boolean): Promise<Map<string, RecordMapAssetRef[]>> {
  const rows = await findReadableLinked(db, identity, recordIds, adminMode);
  return groupBy(rows, (row) => toMapAssetRef(row, identity)) as Map<string, RecordMapAssetRef[]>;
}

export async function findTags(db: Queryable, kind: RecordKind, recordIds: readonly string[]): Promise<Map<string, RecordTag[]>> {
  const rows = await db.query<RecordTag & { record_id: string }>(
    `SELECT rt.resource_id AS record_id, t.id, t.name, t.color FROM resource_tags rt JOIN tags t ON t.id = rt.tag_id
     WHERE rt.resource_type = $1 AND rt.resource_id = ANY($2::uuid[]) ORDER BY lower(t.name), t.id`,
    [kind, recordIds],
  );
  return groupBy(rows, ({ id, name, color }) => ({ id, name, color })) as Map<string, RecordTag[]>;
}

export interface Publication {
  published: PublishedRef;
  featured: FeaturedRef | null;
}

/** The published snapshot of each record (maps and insights), with its featured entry when featured. */
export async function findPublications(db: Queryable, kind: RecordKind, recordIds: readonly string[]): Promise<Map<string, Publication>> {
  const rows = await db.query<{
    record_id: string;
    id: string;
    published_at: Date;
    password_protected: boolean;
    featured_id: string | null;
    highlighted: boolean | null;
  }>(
    `SELECT p.resource_id AS record_id, p.id, coalesce(p.published_at, p.updated_at) AS published_at,
            p.password_hash IS NOT NULL AS password_protected, f.id AS featured_id, f.highlighted
     FROM published_items p LEFT JOIN featured_maps f ON f.published_id = p.id
     WHERE p.resource_type = $1 AND p.status = 'published' AND p.resource_id = ANY($2::uuid[])`,
    [kind, recordIds],
  );
  return new Map(
    rows.map((row) => [
      row.record_id,
      {
        published: { id: row.id, publishedAt: iso(row.published_at), passwordProtected: row.password_protected },
        featured: row.featured_id ? { id: row.featured_id, highlighted: row.highlighted === true } : null,
      },
    ]),
  );
}
