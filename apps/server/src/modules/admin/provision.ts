import type { FeatureFlag } from '@atlas/domain';
import type { Engine } from '../../engine/types.js';
import { assertAdministrator } from '../../http/access.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { withAdvisoryLock } from '../../store/advisory-lock.js';
import type { Db, Queryable } from '../../store/index.js';
import { loadPanelTables, missingPanelTables, readyPanelDatasets } from '../analytics/demo-panel.js';
import { DEFAULT_ORGANIZATION_FLAGS } from '../organizations/default-flags.js';
import { setFeatureFlags } from '../organizations/repo.js';
import { identityOfUser } from '../users/repo.js';
import type { ProvisionAccountRequest, ProvisionAccountResult } from './provision-schemas.js';

/** The defaults a new organization gets: the demo organization's feature flags and the maker quota policy. */
export const PROVISION_DEFAULT_FLAGS = DEFAULT_ORGANIZATION_FLAGS;
export const PROVISION_DEFAULT_POLICY = 'maker';

/** The demo data: a small synthetic foot-traffic panel, generated and loaded within the request (a few seconds). */
export const PROVISION_DEMO_PANEL = { visits: 20_000, seed: 1 } as const;
/** Advisory lock key of demo loads (store/advisory-lock.ts keeps the start-up ones), so two loads into one organization take turns. */
const DEMO_LOAD_LOCK = 727_010;

interface Prepared {
  organization: { id: string; name: string };
  makerQuotaPolicy: string;
  flagsEnabled: FeatureFlag[];
  owner: Identity | null;
}

/**
 * POST /v1/admin/pipelines/provision-account {organizationId, demoData?}: gives an organization its defaults (flags not
 * set yet, a maker quota policy when it has none) in one transaction and, when asked, loads the demo panel owned by a
 * maker of the organization. Repeating it changes nothing already there and loads only what is missing.
 */
export async function provisionAccount(
  db: Db,
  engine: Engine,
  dataDir: string,
  identity: Identity,
  { organizationId, demoData = false }: ProvisionAccountRequest,
): Promise<ProvisionAccountResult> {
  assertAdministrator(identity);
  const prepared = await db.transaction((tx) => prepareDefaults(tx, organizationId, demoData));
  const demo = prepared.owner
    ? await withAdvisoryLock(db, DEMO_LOAD_LOCK, () => loadDemoPanel(db, engine, dataDir, prepared.owner!))
    : { status: 'not-requested' as const, ownerId: null, visits: 0, datasets: [] };
  return { message: describe(prepared, demo), organization: prepared.organization, makerQuotaPolicy: prepared.makerQuotaPolicy, flagsEnabled: prepared.flagsEnabled, demoData: demo };
}

async function prepareDefaults(tx: Queryable, organizationId: string, demoData: boolean): Promise<Prepared> {
  const rows = await tx.query<{ id: string; name: string; maker_quota_policy: string | null }>(
    'SELECT id, name, maker_quota_policy FROM organizations WHERE id = $1 FOR UPDATE',
    [organizationId],
  );
  const organization = rows[0];
  if (!organization) throw notFound('Organization not found', `No organization with id ${organizationId}`);
  // Checked before anything changes, so a refusal leaves the organization as it was.
  const owner = demoData ? await demoOwner(tx, organizationId) : null;
  const makerQuotaPolicy = organization.maker_quota_policy ?? PROVISION_DEFAULT_POLICY;
  if (organization.maker_quota_policy === null) {
    await tx.query('UPDATE organizations SET maker_quota_policy = $2, updated_at = now() WHERE id = $1', [organizationId, makerQuotaPolicy]);
  }
  const stored = new Set((await tx.query<{ flag: string }>('SELECT flag FROM organization_feature_flags WHERE organization_id = $1', [organizationId])).map((row) => row.flag));
  const flagsEnabled = PROVISION_DEFAULT_FLAGS.filter((flag) => !stored.has(flag));
  await setFeatureFlags(tx, organizationId, Object.fromEntries(flagsEnabled.map((flag) => [flag, true])));
  return { organization: { id: organization.id, name: organization.name }, makerQuotaPolicy, flagsEnabled, owner };
}

/** The organization's first administrator with a maker seat, else its first maker: members read what they own. */
async function demoOwner(tx: Queryable, organizationId: string): Promise<Identity> {
  const rows = await tx.query<{ id: string; organization_id: string; seat: 'maker'; is_admin: boolean }>(
    `SELECT id, organization_id, seat, is_admin FROM users
     WHERE organization_id = $1 AND seat = 'maker' AND disabled_at IS NULL ORDER BY is_admin DESC, created_at, id LIMIT 1`,
    [organizationId],
  );
  if (!rows[0]) {
    throw invalidInput('The organization needs a maker to own its demo data', 'Link or invite a maker first, or provision without demoData');
  }
  return identityOfUser(rows[0]);
}

type DemoData = ProvisionAccountResult['demoData'];

async function loadDemoPanel(db: Db, engine: Engine, dataDir: string, owner: Identity): Promise<DemoData> {
  const ready = await readyPanelDatasets(db, owner.organizationId);
  const tables = missingPanelTables(ready);
  if (tables.length === 0) return { status: 'already-loaded', ownerId: owner.userId, visits: 0, datasets: ready };
  const loaded = await loadPanelTables(db, engine, owner, tables, PROVISION_DEMO_PANEL, dataDir);
  return { status: 'loaded', ownerId: owner.userId, visits: PROVISION_DEMO_PANEL.visits, datasets: [...ready, ...loaded] };
}

function describe(prepared: Prepared, demo: DemoData): string {
  const flags = prepared.flagsEnabled.length ? `${prepared.flagsEnabled.length} default flag(s) switched on` : 'its flags were already set';
  const data =
    demo.status === 'loaded'
      ? `; demo data loaded (${demo.visits.toLocaleString('en-US')} visits in ${demo.datasets.length} datasets)`
      : demo.status === 'already-loaded'
        ? '; its demo data was already loaded'
        : '';
  return `${prepared.organization.name} provisioned: ${flags}, maker quota policy ${prepared.makerQuotaPolicy}${data}`;
}
