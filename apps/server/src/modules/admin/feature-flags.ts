// An organization's feature flags as administrators read and set them (docs/feature-flags.md). Members read theirs
// with GET /v1/users/me/flags (users/service.ts), from the same table through organizations/repo.ts getFeatureFlags.
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlagsUpdate, type OrganizationFeatureFlags } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { isoOrNull } from '../../store/rows.js';
import { findOrganization, getFeatureFlags, setFeatureFlags } from '../organizations/repo.js';

async function readFlags(db: Queryable, organizationId: string): Promise<OrganizationFeatureFlags> {
  if (!(await findOrganization(db, organizationId))) throw notFound('Organization not found', `No organization with id ${organizationId}`);
  const rows = await db.query<{ flag: string; updated_at: Date }>('SELECT flag, updated_at FROM organization_feature_flags WHERE organization_id = $1', [organizationId]);
  const known = new Set<string>(FEATURE_FLAGS);
  const stored = rows.map((row) => row.flag).filter((flag): flag is FeatureFlag => known.has(flag));
  const last = rows.reduce<Date | null>((latest, row) => (latest === null || row.updated_at > latest ? row.updated_at : latest), null);
  return {
    organizationId,
    flags: await getFeatureFlags(db, organizationId),
    stored: FEATURE_FLAGS.filter((flag) => stored.includes(flag)),
    updatedAt: isoOrNull(last),
  };
}

/** GET /v1/admin/organizations/{id}/flags: every flag, a flag never set reading as the default (off). */
export async function getOrganizationFlags(db: Db, identity: Identity, organizationId: string): Promise<OrganizationFeatureFlags> {
  assertAdministrator(identity);
  return readFlags(db, organizationId);
}

/** PUT /v1/admin/organizations/{id}/flags: sets the flags given, keeps the others; the members see them at their next read. */
export async function setOrganizationFlags(db: Db, identity: Identity, organizationId: string, update: FeatureFlagsUpdate): Promise<OrganizationFeatureFlags> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    if (!(await findOrganization(tx, organizationId))) throw notFound('Organization not found', `No organization with id ${organizationId}`);
    await setFeatureFlags(tx, organizationId, update);
    return readFlags(tx, organizationId);
  });
}
