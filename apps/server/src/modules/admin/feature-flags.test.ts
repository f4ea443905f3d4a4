import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, expectRefused } from './test-support/refusals.js';

describe.each(testStores())('organization feature flags on $name', (store) => {
  const h = useHarness(store);
  let admin: { authorization: string };
  let analyst: { authorization: string };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const flagRows = () => h.db.query('SELECT organization_id, flag, enabled, updated_at FROM organization_feature_flags ORDER BY organization_id, flag');

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
  });

  it('reads every flag of a new organization as off, sets the flags given and keeps the others; members read them', async () => {
    const acme = (await call('POST', '/v1/organizations', { name: `Acme ${randomUUID()}` })).json();
    const read = await call('GET', `/v1/admin/organizations/${acme.id}/flags`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ organizationId: acme.id, flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])), stored: [], updatedAt: null });

    const set = await call('PUT', `/v1/admin/organizations/${acme.id}/flags`, { 'workbooks-enabled': true, 'pivot-table-enabled': false });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ organizationId: acme.id, stored: ['pivot-table-enabled', 'workbooks-enabled'], updatedAt: expect.any(String) });
    expect(set.json().flags).toMatchObject({ 'workbooks-enabled': true, 'pivot-table-enabled': false, 'fsq-bi-enabled': false });
    expect((await call('GET', `/v1/admin/organizations/${acme.id}/flags`)).json()).toEqual(set.json());

    // Flags left out keep their value.
    const again = (await call('PUT', `/v1/admin/organizations/${acme.id}/flags`, { 'fsq-bi-enabled': true })).json();
    expect(again.flags).toMatchObject({ 'workbooks-enabled': true, 'fsq-bi-enabled': true, 'pivot-table-enabled': false });
    expect(again.stored).toEqual(['fsq-bi-enabled', 'pivot-table-enabled', 'workbooks-enabled']);
  });

  it("changes what the organization's members read from GET /v1/users/me/flags, and only theirs", async () => {
    const me = (await call('GET', '/v1/users/me', undefined, analyst)).json();
    const demoId: string = me.organization.id;
    const before = (await call('GET', '/v1/users/me/flags', undefined, analyst)).json();
    expect(before['workbooks-enabled']).toBe(true);

    const off = await call('PUT', `/v1/admin/organizations/${demoId}/flags`, { 'workbooks-enabled': false, 'storage-connectors-enabled': true });
    expect(off.statusCode).toBe(200);
    const after = (await call('GET', '/v1/users/me/flags', undefined, analyst)).json();
    expect(after).toEqual({ ...before, 'workbooks-enabled': false, 'storage-connectors-enabled': true });
    expect((await call('GET', '/v1/users/me?includeFlags=true', undefined, analyst)).json().flags).toEqual(after);

    await call('PUT', `/v1/admin/organizations/${demoId}/flags`, { 'workbooks-enabled': true, 'storage-connectors-enabled': before['storage-connectors-enabled'] });
    expect((await call('GET', '/v1/users/me/flags', undefined, analyst)).json()).toEqual(before);
  });

  it('answers 404 for an unknown organization and 400 for an unknown flag, a non-boolean or no flag, changing nothing', async () => {
    const acme = (await call('POST', '/v1/organizations', { name: `Acme ${randomUUID()}` })).json();
    const before = await flagRows();
    const missing = randomUUID();
    expectError(await call('GET', `/v1/admin/organizations/${missing}/flags`), 404, 'Organization not found');
    const unknownOrg = await call('PUT', `/v1/admin/organizations/${missing}/flags`, { 'workbooks-enabled': true });
    expectError(unknownOrg, 404, 'Organization not found');
    expect(unknownOrg.json().details).toBe(`No organization with id ${missing}`);
    for (const body of [{ 'workbooks-enabled': true, 'made-up-flag': true }, { 'workbooks-enabled': 'yes' }, {}]) {
      const response = await call('PUT', `/v1/admin/organizations/${acme.id}/flags`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    }
    expect((await call('GET', `/v1/admin/organizations/not-a-uuid/flags`)).statusCode).toBe(400);
    expect(await flagRows()).toEqual(before);
  });

  it('refuses makers, viewers and their API keys (403) and changes no flag', async () => {
    const acme = (await call('POST', '/v1/organizations', { name: `Acme ${randomUUID()}` })).json();
    const before = await flagRows();
    await expectRefused(h, [
      { method: 'GET', url: `/v1/admin/organizations/${acme.id}/flags` },
      { method: 'PUT', url: `/v1/admin/organizations/${acme.id}/flags`, payload: { 'workbooks-enabled': true } },
    ]);
    expect(await flagRows()).toEqual(before);
    const anonymous = await h.app.inject({ method: 'GET', url: `/v1/admin/organizations/${acme.id}/flags` });
    expect(anonymous.statusCode).toBe(401);
  });
});
