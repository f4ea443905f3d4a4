// Rows the record tests need from other modules' tables, inserted directly so these tests stand alone.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../store/index.js';

export interface Owner {
  id: string;
  organizationId: string;
}

export async function ownerOf(db: Queryable, email: string): Promise<Owner> {
  const rows = await db.query<{ id: string; organization_id: string }>('SELECT id, organization_id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return { id: rows[0].id, organizationId: rows[0].organization_id };
}

export async function insertDataset(db: Queryable, owner: Owner, name: string, options: { visibility?: string } = {}): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO datasets (id, organization_id, owner_id, name, type, status, visibility) VALUES ($1, $2, $3, $4, 'managed', 'ready', $5)`,
    [id, owner.organizationId, owner.id, name, options.visibility ?? 'private'],
  );
  return id;
}

export async function insertMapAsset(db: Queryable, owner: Owner, type: string, name: string, metadata: object = {}): Promise<string> {
  const id = randomUUID();
  await db.query(
    'INSERT INTO map_assets (id, organization_id, owner_id, type, name, metadata) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [id, owner.organizationId, owner.id, type, name, JSON.stringify(metadata)],
  );
  return id;
}

export async function insertGrant(
  db: Queryable,
  grant: { resourceType: string; resourceId: string; granteeType: 'user' | 'organization' | 'role'; granteeId: string; role: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    'INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, grant.resourceType, grant.resourceId, grant.granteeType, grant.granteeId, grant.role],
  );
  return id;
}

export async function insertTag(db: Queryable, organizationId: string, name: string, color: string, resource: { type: string; id: string }): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, $3, $4)', [id, organizationId, name, color]);
  await db.query('INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, $2, $3)', [id, resource.type, resource.id]);
  return id;
}

/** Counts rows of `table` whose `column` equals `value`. */
export async function countWhere(db: Queryable, table: string, column: string, value: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [value]);
  return rows[0]!.n;
}
