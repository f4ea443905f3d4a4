import { randomUUID } from 'node:crypto';
import type { ResourceType, Tag, TagForResourceType, TagWithUsage } from '@atlas/domain';
import { inCallerOrganization, readableFilter, readableReferenceFilter, resourceTable, type AccessResourceType } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';

interface TagRow {
  id: string;
  organization_id: string;
  name: string;
  color: string;
  created_at: Date;
  updated_at: Date;
}

export const toTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  organizationId: row.organization_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const COLUMNS = 't.id, t.organization_id, t.name, t.color, t.created_at, t.updated_at';

/** The organization's tags; usageCount counts only the tagged resources the caller can read. */
export async function listTagsWithUsage(db: Queryable, identity: Identity): Promise<TagWithUsage[]> {
  const params = new Params();
  const rows = await db.query<TagRow & { usage_count: number }>(
    `SELECT ${COLUMNS},
       (SELECT count(*)::int FROM resource_tags rt WHERE rt.tag_id = t.id AND ${readableReferenceFilter(identity, 'rt.resource_type', 'rt.resource_id', params)}) AS usage_count
     FROM tags t WHERE ${inCallerOrganization(identity, 't', params)} ORDER BY lower(t.name), t.id`,
    params.values,
  );
  return rows.map((row) => ({ ...toTag(row), usageCount: row.usage_count }));
}

/** Tags of the organization attached to resources of `type` that the caller can read, with those resources' ids. */
export async function listTagsForResourceType(db: Queryable, identity: Identity, type: AccessResourceType): Promise<TagForResourceType[]> {
  const params = new Params([type]);
  const rows = await db.query<TagRow & { resource_ids: string[] }>(
    `SELECT ${COLUMNS}, jsonb_agg(rt.resource_id ORDER BY rt.created_at, rt.resource_id) AS resource_ids
     FROM tags t
     JOIN resource_tags rt ON rt.tag_id = t.id AND rt.resource_type = $1
     JOIN ${resourceTable(type)} r ON r.id = rt.resource_id AND ${readableFilter(identity, type, 'r', params)}
     WHERE ${inCallerOrganization(identity, 't', params)}
     GROUP BY t.id ORDER BY lower(t.name), t.id`,
    params.values,
  );
  return rows.map((row) => ({ ...toTag(row), resourceType: type, resourceIds: row.resource_ids }));
}

/** A tag of the caller's organization. */
export async function findTag(db: Queryable, identity: Identity, id: string): Promise<Tag | null> {
  const params = new Params([id]);
  const rows = await db.query<TagRow>(`SELECT ${COLUMNS} FROM tags t WHERE t.id = $1 AND ${inCallerOrganization(identity, 't', params)}`, params.values);
  return rows[0] ? toTag(rows[0]) : null;
}

export async function findTags(db: Queryable, identity: Identity, ids: readonly string[]): Promise<Tag[]> {
  const params = new Params([ids]);
  const rows = await db.query<TagRow>(`SELECT ${COLUMNS} FROM tags t WHERE t.id = ANY($1::uuid[]) AND ${inCallerOrganization(identity, 't', params)}`, params.values);
  return rows.map(toTag);
}

/** The organization's tag with this name (ignoring case), created with `color` when there is none. */
export async function findOrCreateTag(db: Queryable, identity: Identity, name: string, color: string): Promise<Tag> {
  const inserted = await db.query<TagRow>(
    `INSERT INTO tags AS t (id, organization_id, name, color, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, lower(name)) DO NOTHING RETURNING ${COLUMNS}`,
    [randomUUID(), identity.organizationId, name, color, identity.userId],
  );
  if (inserted[0]) return toTag(inserted[0]);
  const params = new Params([name]);
  const rows = await db.query<TagRow>(`SELECT ${COLUMNS} FROM tags t WHERE lower(t.name) = lower($1) AND ${inCallerOrganization(identity, 't', params)}`, params.values);
  return toTag(rows[0]!);
}

/** Throws the driver's unique violation (23505) when the new name is taken in the organization. */
export async function updateTag(db: Queryable, id: string, patch: { name?: string; color?: string }): Promise<Tag> {
  const rows = await db.query<TagRow>(
    `UPDATE tags AS t SET name = coalesce($2, t.name), color = coalesce($3, t.color), updated_at = now() WHERE t.id = $1 RETURNING ${COLUMNS}`,
    [id, patch.name ?? null, patch.color ?? null],
  );
  return toTag(rows[0]!);
}

/** Detaches it everywhere (resource_tags cascade). */
export async function deleteTag(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM tags WHERE id = $1', [id]);
}

export async function attachTag(db: Queryable, tagId: string, type: ResourceType, resourceId: string): Promise<void> {
  await db.query('INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [tagId, type, resourceId]);
}

export async function detachTags(db: Queryable, tagIds: readonly string[], type: ResourceType, resourceId: string): Promise<number> {
  const rows = await db.query('DELETE FROM resource_tags WHERE tag_id = ANY($1::uuid[]) AND resource_type = $2 AND resource_id = $3 RETURNING tag_id', [
    tagIds,
    type,
    resourceId,
  ]);
  return rows.length;
}
