import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags, type Organization } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { containsPattern, Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';

export async function createOrganization(db: Queryable, org: { name: string; makerQuotaPolicy?: string | null }) {
  const id = randomUUID();
  await db.query('INSERT INTO organizations (id, name, maker_quota_policy) VALUES ($1, $2, $3)', [id, org.name, org.makerQuotaPolicy ?? null]);
  return id;
}

export async function findOrganizationIdByName(db: Queryable, name: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1 ORDER BY created_at LIMIT 1', [name]);
  return rows[0]?.id ?? null;
}

/** Flags not stored for the organization are off. */
export async function getFeatureFlags(db: Queryable, organizationId: string): Promise<FeatureFlags> {
  const rows = await db.query<{ flag: string; enabled: boolean }>(
    'SELECT flag, enabled FROM organization_feature_flags WHERE organization_id = $1',
    [organizationId],
  );
  const stored = new Map(rows.map((row) => [row.flag, row.enabled]));
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, stored.get(flag) ?? false])) as FeatureFlags;
}

export async function setFeatureFlags(db: Queryable, organizationId: string, flags: Partial<Record<FeatureFlag, boolean>>) {
  for (const [flag, enabled] of Object.entries(flags)) {
    await db.query(
      `INSERT INTO organization_feature_flags (organization_id, flag, enabled) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, flag) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
      [organizationId, flag, enabled],
    );
  }
}

interface OrganizationRow {
  id: string;
  name: string;
  maker_quota_policy: string | null;
  maker_count: number;
  viewer_count: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ORGANIZATION = `
  SELECT o.*,
         (SELECT count(*) FROM users u WHERE u.organization_id = o.id AND u.seat = 'maker' AND u.disabled_at IS NULL)::int AS maker_count,
         (SELECT count(*) FROM users u WHERE u.organization_id = o.id AND u.seat = 'viewer' AND u.disabled_at IS NULL)::int AS viewer_count
  FROM organizations o`;

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  makerQuotaPolicy: row.maker_quota_policy,
  makerRoleUsersCount: row.maker_count,
  viewerRoleUsersCount: row.viewer_count,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** Organizations by name, with the seats counted from the users themselves (never stored, so never stale). */
export async function listOrganizations(db: Queryable, { name, offset, limit }: { name?: string; offset: number; limit: number }): Promise<Organization[]> {
  const params = new Params();
  const where = name === undefined ? '' : `WHERE o.name ILIKE ${params.add(containsPattern(name))} ESCAPE '\\'`;
  const rows = await db.query<OrganizationRow>(
    `${SELECT_ORGANIZATION} ${where} ORDER BY lower(o.name), o.id OFFSET ${params.add(offset)} LIMIT ${params.add(limit)}`,
    params.values,
  );
  return rows.map(toOrganization);
}

export async function findOrganization(db: Queryable, id: string): Promise<Organization | null> {
  const rows = await db.query<OrganizationRow>(`${SELECT_ORGANIZATION} WHERE o.id = $1`, [id]);
  return rows[0] ? toOrganization(rows[0]) : null;
}

/** Changes only the fields given; false when there is no such organization. */
export async function updateOrganization(db: Queryable, id: string, update: { name?: string; makerQuotaPolicy?: string | null }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE organizations SET
       name = CASE WHEN $2::boolean THEN $3 ELSE name END,
       maker_quota_policy = CASE WHEN $4::boolean THEN $5 ELSE maker_quota_policy END,
       updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, update.name !== undefined, update.name ?? null, update.makerQuotaPolicy !== undefined, update.makerQuotaPolicy ?? null],
  );
  return rows.length > 0;
}

export async function deleteOrganization(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM organizations WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export async function countMembers(db: Queryable, id: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE organization_id = $1', [id]);
  return rows[0]!.n;
}
