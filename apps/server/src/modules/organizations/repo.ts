import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';

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
