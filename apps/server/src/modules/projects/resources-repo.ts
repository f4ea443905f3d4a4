import type { ProjectResource, ProjectResourceSummary, ProjectResourceType } from '@atlas/domain';
import { readableFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';

interface EntryRow {
  id: string;
  folder_id: string | null;
  resource_type: ProjectResourceType;
  created_at: Date;
  updated_at: Date;
  resource_id: string;
  name: string;
  description: string;
  type: string | null;
  status: string | null;
  resource_updated_at: Date;
}

const toEntry = (row: EntryRow): ProjectResource => {
  const resource: ProjectResourceSummary = { id: row.resource_id, name: row.name, description: row.description, updatedAt: iso(row.resource_updated_at) };
  if (row.type !== null) resource.type = row.type;
  if (row.status !== null) resource.status = row.status;
  return { id: row.id, folderId: row.folder_id, resourceType: row.resource_type, resource, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
};

/** Which entries of the project: all, the top level (no folder), one folder, or one entry. */
export type EntryFilter = { all: true } | { folderId: string | null } | { entryId: string };

/**
 * The project's entries whose resource the caller can read: each resource type joins its own table
 * narrowed by the access check (a map style is a map asset of type map-style).
 */
export async function listEntries(db: Queryable, identity: Identity, projectId: string, filter: EntryFilter): Promise<ProjectResource[]> {
  const params = new Params([projectId]);
  const where = ['pr.project_id = $1', 'coalesce(m.id, i.id, d.id, s.id) IS NOT NULL'];
  if ('entryId' in filter) where.push(`pr.id = ${params.add(filter.entryId)}`);
  else if ('folderId' in filter) where.push(filter.folderId === null ? 'pr.folder_id IS NULL' : `pr.folder_id = ${params.add(filter.folderId)}`);
  const rows = await db.query<EntryRow>(
    `SELECT pr.id, pr.folder_id, pr.resource_type, pr.created_at, pr.updated_at,
            coalesce(m.id, i.id, d.id, s.id) AS resource_id,
            coalesce(m.name, i.name, d.name, s.name) AS name,
            coalesce(m.description, i.description, d.description, s.description) AS description,
            coalesce(d.type, s.type) AS type, d.status,
            coalesce(m.updated_at, i.updated_at, d.updated_at, s.updated_at) AS resource_updated_at
     FROM project_resources pr
     LEFT JOIN records m ON pr.resource_type = 'map' AND m.id = pr.resource_id AND ${readableFilter(identity, 'map', 'm', params)}
     LEFT JOIN records i ON pr.resource_type = 'insight' AND i.id = pr.resource_id AND ${readableFilter(identity, 'insight', 'i', params)}
     LEFT JOIN datasets d ON pr.resource_type = 'dataset' AND d.id = pr.resource_id AND ${readableFilter(identity, 'dataset', 'd', params)}
     LEFT JOIN map_assets s ON pr.resource_type = 'map-style' AND s.id = pr.resource_id AND s.type = 'map-style'
                           AND ${readableFilter(identity, 'map-asset', 's', params)}
     WHERE ${where.join(' AND ')}
     ORDER BY pr.created_at, pr.id`,
    params.values,
  );
  return rows.map(toEntry);
}

export async function entryExists(db: Queryable, projectId: string, entryId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM project_resources WHERE project_id = $1 AND id = $2', [projectId, entryId]);
  return rows.length > 0;
}

export interface EntryValues {
  folderId: string | null;
  resourceType: ProjectResourceType;
  resourceId: string;
}

export async function insertEntry(db: Queryable, id: string, projectId: string, values: EntryValues): Promise<void> {
  await db.query('INSERT INTO project_resources (id, project_id, folder_id, resource_type, resource_id) VALUES ($1, $2, $3, $4, $5)', [
    id,
    projectId,
    values.folderId,
    values.resourceType,
    values.resourceId,
  ]);
}

export async function updateEntry(db: Queryable, id: string, values: EntryValues): Promise<void> {
  await db.query('UPDATE project_resources SET folder_id = $2, resource_type = $3, resource_id = $4, updated_at = now() WHERE id = $1', [
    id,
    values.folderId,
    values.resourceType,
    values.resourceId,
  ]);
}

export async function moveEntry(db: Queryable, id: string, folderId: string | null): Promise<void> {
  await db.query('UPDATE project_resources SET folder_id = $2, updated_at = now() WHERE id = $1', [id, folderId]);
}

export async function deleteEntry(db: Queryable, projectId: string, entryId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM project_resources WHERE project_id = $1 AND id = $2 RETURNING id', [projectId, entryId]);
  return rows.length > 0;
}

export async function findMapAssetType(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ type: string }>('SELECT type FROM map_assets WHERE id = $1', [id]);
  return rows[0]?.type ?? null;
}
