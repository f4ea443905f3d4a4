import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { createOrganization } from '../organizations/repo.js';
import { PROVISION_DEFAULT_FLAGS, PROVISION_DEMO_PANEL } from './provision.js';
import { expectError, expectRefused } from './test-support/refusals.js';

type Headers = { authorization: string };

describe.each(testStores())('POST /v1/admin/pipelines/provision-account on $name', (store) => {
  const h = useHarness(store);
  let admin: Headers;
  const provision = (payload: object) => h.app.inject({ method: 'POST', url: '/v1/admin/pipelines/provision-account', headers: admin, payload });
  const flags = async (organizationId: string) => {
    const response = await h.app.inject({ method: 'GET', url: `/v1/organizations/${organizationId}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return h.db.query<{ flag: string; enabled: boolean }>('SELECT flag, enabled FROM organization_feature_flags WHERE organization_id = $1 ORDER BY flag', [organizationId]);
  };

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
  });

  it('gives a new organization its defaults, keeping what was already set; a repeat changes nothing', async () => {
    const id = await createOrganization(h.db, { name: 'Fresh Co' });
    await h.db.query("INSERT INTO organization_feature_flags (organization_id, flag, enabled) VALUES ($1, 'workbooks-enabled', false)", [id]);
    const response = await provision({ organizationId: id });
    expect(response.statusCode, response.body).toBe(200);
    const expected = PROVISION_DEFAULT_FLAGS.filter((flag) => flag !== 'workbooks-enabled');
    expect(response.json()).toEqual({
      message: `Fresh Co provisioned: ${expected.length} default flag(s) switched on, maker quota policy maker`,
      organization: { id, name: 'Fresh Co' },
      makerQuotaPolicy: 'maker',
      flagsEnabled: expected,
      demoData: { status: 'not-requested', ownerId: null, visits: 0, datasets: [] },
    });
    expect(await flags(id)).toEqual(
      [...expected.map((flag) => ({ flag, enabled: true })), { flag: 'workbooks-enabled', enabled: false }].sort((a, b) => a.flag.localeCompare(b.flag)),
    );
    expect((await h.db.query('SELECT maker_quota_policy FROM organizations WHERE id = $1', [id]))[0]).toEqual({ maker_quota_policy: 'maker' });
    const again = await provision({ organizationId: id });
    expect(again.json()).toMatchObject({ flagsEnabled: [], message: 'Fresh Co provisioned: its flags were already set, maker quota policy maker' });
  });

  it('keeps a maker quota policy the organization has', async () => {
    const id = await createOrganization(h.db, { name: 'Enterprise Co', makerQuotaPolicy: 'enterprise' });
    expect((await provision({ organizationId: id })).json()).toMatchObject({ makerQuotaPolicy: 'enterprise' });
  });

  it('loads the demo panel owned by a maker of the organization, once; its members can query it', async () => {
    const member = await addUser(h.db, { email: 'demo-maker@demo-data.org', organization: 'Demo Data Co' });
    const started = performance.now();
    const response = await provision({ organizationId: member.organizationId, demoData: true });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.demoData).toMatchObject({ status: 'loaded', ownerId: member.id, visits: PROVISION_DEMO_PANEL.visits });
    expect(body.demoData.datasets.map((d: { table: string }) => d.table).sort()).toEqual(['panel', 'places', 'population', 'visits']);
    expect(body.message).toMatch(/demo data loaded \(20,000 visits in 4 datasets\)$/);
    expect(performance.now() - started).toBeLessThan(60_000);
    const rows = await h.db.query<{ owner_id: string; status: string }>('SELECT owner_id, status FROM datasets WHERE organization_id = $1', [member.organizationId]);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.owner_id === member.id && row.status === 'ready')).toBe(true);
    // A member reads the panel's analytic set.
    const set = await h.app.inject({ method: 'GET', url: '/v1/analytic-sets/change-in-visits', headers: await h.auth(member.email) });
    expect(set.statusCode, set.body).toBe(200);
    const again = await provision({ organizationId: member.organizationId, demoData: true });
    expect(again.json().demoData).toMatchObject({ status: 'already-loaded', visits: 0 });
    expect(await h.count('datasets WHERE organization_id = ' + `'${member.organizationId}'`)).toBe(4);
  });

  it('demo data needs a maker to own it (422) and then changes nothing', async () => {
    const id = await createOrganization(h.db, { name: 'Empty Co' });
    expectError(await provision({ organizationId: id, demoData: true }), 422, 'The organization needs a maker to own its demo data');
    expect(await flags(id)).toEqual([]);
    expect((await h.db.query('SELECT maker_quota_policy FROM organizations WHERE id = $1', [id]))[0]).toEqual({ maker_quota_policy: null });
  });

  it('answers 400 for bad bodies and 404 for an unknown organization', async () => {
    for (const payload of [{}, { organizationId: 'nope' }, { organizationId: randomUUID(), demoData: 'yes' }, { organizationId: randomUUID(), extra: true }]) {
      expect((await provision(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expectError(await provision({ organizationId: randomUUID() }), 404, 'Organization not found');
  });

  it('refuses makers, viewers and their API keys (403) and changes nothing', async () => {
    const id = await createOrganization(h.db, { name: 'Refused Co' });
    await addUser(h.db, { email: 'maker@refused.org', organization: 'Refused Co' });
    await expectRefused(h, [
      { method: 'POST', url: '/v1/admin/pipelines/provision-account', payload: { organizationId: id } },
      { method: 'POST', url: '/v1/admin/pipelines/provision-account', payload: { organizationId: id, demoData: true } },
    ]);
    expect(await flags(id)).toEqual([]);
    expect(await h.count(`datasets WHERE organization_id = '${id}'`)).toBe(0);
  });
});
