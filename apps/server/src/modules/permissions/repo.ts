import { randomUUID } from 'node:crypto';
import { ROLE_ACTIONS, type Permission, type PermissionResourceType, type PermissionRole, type Visibility } from '@atlas/domain';
import { resourceTable } from '../../http/access.js';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';

export interface PermissionRow {
  id: string;
  resource_type: PermissionResourceType;
  resource_id: string;
  grantee_type: 'user' | 'role' | 'organization' | 'email';
  grantee_id: string;
  role: PermissionRole;
  created_at: Date;
  updated_at: Date;
}

export const toPermission = (row: PermissionRow): Permission => ({
  id: row.id,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  granteeType: row.grantee_type,
  granteeId: row.grantee_id,
  role: row.role,
  actions: [...ROLE_ACTIONS[row.role]],
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export async function findPermission(db: Queryable, id: string): Promise<PermissionRow | null> {
  const rows = await db.query<PermissionRow>('SELECT * FROM permissions WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function permissionsOf(db: Queryable, type: PermissionResourceType, id: string): Promise<PermissionRow[]> {
  return db.query<PermissionRow>('SELECT * FROM permissions WHERE resource_type = $1 AND resource_id = $2 ORDER BY created_at, id', [type, id]);
}

/** Adds the grant, or changes the role of the grantee's existing grant on the resource. */
export async function upsertPermission(
  db: Queryable,
  grant: { resourceType: PermissionResourceType; resourceId: string; granteeType: PermissionRow['grantee_type']; granteeId: string; role: PermissionRole },
  createdBy: string,
): Promise<PermissionRow> {
  const rows = await db.query<PermissionRow>(
    `INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (resource_type, resource_id, grantee_type, grantee_id)
     DO UPDATE SET role = EXCLUDED.role, updated_at = now()
     RETURNING *`,
    [randomUUID(), grant.resourceType, grant.resourceId, grant.granteeType, grant.granteeId, grant.role, createdBy],
  );
  return rows[0]!;
}

export async function updatePermissionRole(db: Queryable, id: string, role: PermissionRole): Promise<PermissionRow> {
  const rows = await db.query<PermissionRow>('UPDATE permissions SET role = $2, updated_at = now() WHERE id = $1 RETURNING *', [id, role]);
  return rows[0]!;
}

export async function deletePermissions(db: Queryable, type: PermissionResourceType, resourceId: string, ids: readonly string[]): Promise<number> {
  const rows = await db.query('DELETE FROM permissions WHERE resource_type = $1 AND resource_id = $2 AND id = ANY($3::uuid[]) RETURNING id', [type, resourceId, ids]);
  return rows.length;
}

export async function setVisibility(db: Queryable, type: PermissionResourceType, id: string, visibility: Visibility): Promise<void> {
  // The table name comes from access.ts's fixed registry, never from input.
  await db.query(`UPDATE ${resourceTable(type)} SET visibility = $2, updated_at = now() WHERE id = $1`, [id, visibility]);
}

/** The account whose verified address this is; an unverified one is not known to control it. */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1) AND email_verified_at IS NOT NULL AND disabled_at IS NULL', [email]);
  return rows[0]?.id ?? null;
}

export async function existsById(db: Queryable, table: 'users' | 'organizations', id: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length > 0;
}

/** Email grants become the user's own once the account's address is verified (a user grant already there wins). */
export async function claimEmailGrants(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `DELETE FROM permissions e WHERE e.grantee_type = 'email' AND e.grantee_id = lower($2)
       AND EXISTS (SELECT 1 FROM permissions u WHERE u.grantee_type = 'user' AND u.grantee_id = $1
                   AND u.resource_type = e.resource_type AND u.resource_id = e.resource_id)`,
    [userId, email],
  );
  await db.query(
    `UPDATE permissions SET grantee_type = 'user', grantee_id = $1, updated_at = now() WHERE grantee_type = 'email' AND grantee_id = lower($2)`,
    [userId, email],
  );
}

interface ListingRow extends PermissionRow {
  name: string | null;
  email: string | null;
  seat: 'viewer' | 'maker' | null;
}

/** The grants of a resource with the names of their grantees, for the permission listing. */
export async function listingRows(db: Queryable, type: PermissionResourceType, id: string): Promise<ListingRow[]> {
  return db.query<ListingRow>(
    `SELECT p.*, coalesce(u.name, o.name) AS name, u.email, u.seat
     FROM permissions p
     LEFT JOIN users u ON p.grantee_type = 'user' AND u.id::text = p.grantee_id
     LEFT JOIN organizations o ON p.grantee_type = 'organization' AND o.id::text = p.grantee_id
     WHERE p.resource_type = $1 AND p.resource_id = $2
     ORDER BY p.created_at, p.id`,
    [type, id],
  );
}
