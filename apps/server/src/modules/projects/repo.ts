import type { Project, ProjectFolder, ProjectListQuery, Visibility } from '@atlas/domain';
import { inCallerOrganization, ownedByCaller, readableFilter, type Stored } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { containsPattern, Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';

interface FolderRow {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  organization_id: string;
  visibility: Visibility;
  folders: FolderRow[];
  created_at: Date;
  updated_at: Date;
}

export const toFolder = (row: FolderRow): ProjectFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const toProject = (row: ProjectRow): Stored<Project> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  folders: row.folders.map(toFolder),
  ownerId: row.owner_id,
  organizationId: row.organization_id,
  visibility: row.visibility,
  // A policy is only handed out by the thumbnail call.
  thumbnailSignedPostPolicy: null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SELECT_PROJECT = `
  SELECT pj.id, pj.name, pj.description, pj.owner_id, pj.organization_id, pj.visibility, pj.created_at, pj.updated_at,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'parent_id', f.parent_id,
                                                       'created_at', f.created_at, 'updated_at', f.updated_at)
                                    ORDER BY f.created_at, f.id), '[]'::jsonb)
            FROM project_folders f WHERE f.project_id = pj.id) AS folders
  FROM projects pj`;

export type ProjectScope = 'owned' | 'organization';

export async function listProjects(db: Queryable, identity: Identity, scope: ProjectScope, query: ProjectListQuery): Promise<{ items: Stored<Project>[]; total: number }> {
  const params = new Params();
  const where = [
    scope === 'owned' ? ownedByCaller(identity, 'pj', params) : inCallerOrganization(identity, 'pj', params),
    readableFilter(identity, 'project', 'pj', params),
  ];
  if (query.search) where.push(`pj.name ILIKE ${params.add(containsPattern(query.search))}`);
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM projects pj WHERE ${condition}`, params.values);
  const page = new Params(params.values);
  const rows = await db.query<ProjectRow>(
    `${SELECT_PROJECT} WHERE ${condition} ORDER BY pj.updated_at DESC, pj.id LIMIT ${page.add(query.limit ?? 100)} OFFSET ${page.add(query.offset ?? 0)}`,
    page.values,
  );
  return { items: rows.map(toProject), total: count!.total };
}

export async function findProject(db: Queryable, id: string): Promise<Stored<Project> | null> {
  const rows = await db.query<ProjectRow>(`${SELECT_PROJECT} WHERE pj.id = $1`, [id]);
  return rows[0] ? toProject(rows[0]) : null;
}

export async function insertProject(db: Queryable, project: { id: string; ownerId: string; organizationId: string; name: string; description: string }) {
  await db.query('INSERT INTO projects (id, owner_id, organization_id, name, description) VALUES ($1, $2, $3, $4, $5)', [
    project.id,
    project.ownerId,
    project.organizationId,
    project.name,
    project.description,
  ]);
}

export async function updateProject(db: Queryable, id: string, patch: { name?: string; description?: string }) {
  await db.query('UPDATE projects SET name = coalesce($2, name), description = coalesce($3, description), updated_at = now() WHERE id = $1', [
    id,
    patch.name ?? null,
    patch.description ?? null,
  ]);
}

/** Folder and resource changes are changes of the project too. Also serializes folder moves (row lock). */
export async function touchProject(db: Queryable, id: string) {
  await db.query('UPDATE projects SET updated_at = now() WHERE id = $1', [id]);
}

export async function deleteProject(db: Queryable, id: string) {
  await db.query('DELETE FROM projects WHERE id = $1', [id]);
}

export async function setThumbnail(db: Queryable, id: string, key: string, contentType: string) {
  await db.query('UPDATE projects SET thumbnail_key = $2, thumbnail_content_type = $3 WHERE id = $1', [id, key, contentType]);
}

export async function findThumbnailKey(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ thumbnail_key: string | null }>('SELECT thumbnail_key FROM projects WHERE id = $1', [id]);
  return rows[0]?.thumbnail_key ?? null;
}

const FOLDER_COLUMNS = 'id, name, parent_id, created_at, updated_at';

export async function findFolder(db: Queryable, projectId: string, folderId: string): Promise<ProjectFolder | null> {
  const rows = await db.query<FolderRow>(`SELECT ${FOLDER_COLUMNS} FROM project_folders WHERE project_id = $1 AND id = $2`, [projectId, folderId]);
  return rows[0] ? toFolder(rows[0]) : null;
}

export async function insertFolder(db: Queryable, folder: { id: string; projectId: string; name: string; parentId: string | null }): Promise<ProjectFolder> {
  const rows = await db.query<FolderRow>(
    `INSERT INTO project_folders (id, project_id, name, parent_id) VALUES ($1, $2, $3, $4) RETURNING ${FOLDER_COLUMNS}`,
    [folder.id, folder.projectId, folder.name, folder.parentId],
  );
  return toFolder(rows[0]!);
}

/** `parentId` undefined keeps the parent; null moves the folder to the top level. */
export async function updateFolder(db: Queryable, folderId: string, patch: { name?: string; parentId?: string | null }): Promise<ProjectFolder> {
  const rows = await db.query<FolderRow>(
    `UPDATE project_folders SET name = coalesce($2, name), parent_id = CASE WHEN $3::boolean THEN $4::uuid ELSE parent_id END, updated_at = now()
     WHERE id = $1 RETURNING ${FOLDER_COLUMNS}`,
    [folderId, patch.name ?? null, patch.parentId !== undefined, patch.parentId ?? null],
  );
  return toFolder(rows[0]!);
}

/** True when `folderId` is `candidateParentId` or one of its ancestors: moving it there would make a cycle. */
export async function isSelfOrAncestor(db: Queryable, folderId: string, candidateParentId: string): Promise<boolean> {
  const rows = await db.query(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id FROM project_folders WHERE id = $2
       UNION
       SELECT f.id, f.parent_id FROM project_folders f JOIN up ON f.id = up.parent_id)
     SELECT 1 FROM up WHERE id = $1`,
    [folderId, candidateParentId],
  );
  return rows.length > 0;
}

/** Subfolders and the resources filed in them go too (ON DELETE CASCADE). */
export async function deleteFolder(db: Queryable, projectId: string, folderId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM project_folders WHERE project_id = $1 AND id = $2 RETURNING id', [projectId, folderId]);
  return rows.length > 0;
}
