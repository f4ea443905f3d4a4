import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { generatePanel, PANEL_TABLES, type PanelTable } from '@atlas/analytics';
import type { FeatureFlag } from '@atlas/domain';
import type { Engine } from '../../engine/types.js';
import { assertAdministrator } from '../../http/access.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { withAdvisoryLock } from '../../store/advisory-lock.js';
import type { Db, Queryable } from '../../store/index.js';
import { uploadData } from '../datasets/data-service.js';
import { createDataset, deleteDataset } from '../datasets/service.js';
import { DEFAULT_ORGANIZATION_FLAGS } from '../organizations/default-flags.js';
import { setFeatureFlags } from '../organizations/repo.js';
import { findIdentity, identityOfUser } from '../users/repo.js';
import type { ProvisionAccountRequest, ProvisionAccountResult } from './provision-schemas.js';

/** The defaults a new organization gets: the demo organization's feature flags and the maker quota policy. */
export const PROVISION_DEFAULT_FLAGS = DEFAULT_ORGANIZATION_FLAGS;
export const PROVISION_DEFAULT_POLICY = 'maker';

/** The demo data: a small synthetic foot-traffic panel, generated and loaded within the request (a few seconds). */
export const PROVISION_DEMO_PANEL = { visits: 20_000, seed: 1 } as const;
/** Advisory lock key of demo loads (store/advisory-lock.ts keeps the start-up ones), so two loads into one organization take turns. */
const DEMO_LOAD_LOCK = 727_010;

const TABLE_TITLES: Record<PanelTable, string> = {
  places: 'Foot traffic: places',
  panel: 'Foot traffic: device panel',
  visits: 'Foot traffic: visits',
  population: 'Foot traffic: population',
};

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
  const organizationId = owner.organizationId;
  const ready = await db.query<{ table: PanelTable; id: string; name: string }>(
    `SELECT metadata->>'panelTable' AS table, id, name FROM datasets
     WHERE organization_id = $1 AND metadata ? 'panelTable' AND status = 'ready' ORDER BY created_at, id`,
    [organizationId],
  );
  const tables = (Object.keys(PANEL_TABLES) as PanelTable[]).filter((table) => !ready.some((row) => row.table === table));
  const kept = ready.filter((row, index) => ready.findIndex((other) => other.table === row.table) === index);
  if (tables.length === 0) return { status: 'already-loaded', ownerId: owner.userId, visits: 0, datasets: kept.map(({ id, name, table }) => ({ id, name, table })) };

  const { visits, seed } = PROVISION_DEMO_PANEL;
  const outDir = path.join(dataDir, 'tmp', `provision-${organizationId}-${randomUUID()}`);
  const loaded: DemoData['datasets'] = kept.map(({ id, name, table }) => ({ id, name, table }));
  try {
    const files = await generatePanel({ visits, seed, outDir });
    for (const table of tables) {
      await removeStale(db, engine, organizationId, table);
      const dataset = await createDataset(db, owner, {
        name: TABLE_TITLES[table],
        description: `Synthetic foot-traffic panel (${visits.toLocaleString('en-US')} visits, seed ${seed}), table ${table}`,
        type: 'managed',
        metadata: { panelTable: table, panelVisits: visits, panelSeed: seed, source: 'generator' },
      });
      const done = await uploadData(db, engine, owner, dataset.id, createReadStream(files[table]), { format: 'parquet', skipArrow: true, contentLength: null });
      if (done.status !== 'ready') throw new Error(`Demo data: loading ${table} failed: ${done.errorMessage ?? done.status}`);
      loaded.push({ id: dataset.id, name: dataset.name, table });
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return { status: 'loaded', ownerId: owner.userId, visits, datasets: loaded };
}

/** Datasets of a load that failed half-way are replaced, not duplicated (the panel reads the oldest of each table). */
async function removeStale(db: Db, engine: Engine, organizationId: string, table: PanelTable): Promise<void> {
  const stale = await db.query<{ id: string; owner_id: string }>(
    `SELECT id, owner_id FROM datasets WHERE organization_id = $1 AND metadata->>'panelTable' = $2 AND status <> 'ready'`,
    [organizationId, table],
  );
  for (const row of stale) {
    const owner = await findIdentity(db, row.owner_id);
    if (owner) await deleteDataset(db, engine, owner, row.id);
  }
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
