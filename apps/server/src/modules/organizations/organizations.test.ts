import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, expectRefused } from '../admin/test-support/refusals.js';

describe.each(testStores())('organizations on $name', (store) => {
  const h = useHarness(store);
  let admin: { authorization: string };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const policyOf = async (userId: string) => (await h.db.query<{ quota_policy_id: string; seat: string; organization_id: string }>('SELECT quota_policy_id, seat, organization_id FROM users WHERE id = $1', [userId]))[0]!;

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
  });

  it('creates, lists, reads, renames, links members with seat counts, and deletes once empty', async () => {
    const created = await call('POST', '/v1/organizations', { name: 'Acme Retail', makerQuotaPolicy: 'enterprise' });
    expect(created.statusCode).toBe(201);
    const acme = created.json();
    expect(acme).toEqual({
      id: expect.any(String),
      name: 'Acme Retail',
      makerQuotaPolicy: 'enterprise',
      makerRoleUsersCount: 0,
      viewerRoleUsersCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/v1/organizations/${acme.id}`)).json()).toEqual(acme);
    const listed = (await call('GET', '/v1/organizations?name=acme')).json();
    expect(listed).toEqual([acme]);
    const demo = (await call('GET', '/v1/organizations?name=Demo')).json().find((o: { name: string }) => o.name === 'Demo');
    expect(demo).toMatchObject({ makerRoleUsersCount: 2, viewerRoleUsersCount: 1 });

    const renamed = await call('PUT', `/v1/organizations/${acme.id}`, { name: 'Acme' });
    expect(renamed.json()).toMatchObject({ id: acme.id, name: 'Acme', makerQuotaPolicy: 'enterprise' });

    const maker = await addUser(h.db, { email: 'maker@acme.test', organization: 'Elsewhere' });
    const viewer = await addUser(h.db, { email: 'viewer@acme.test', organization: 'Elsewhere' });
    const linked = await call('POST', `/v1/organizations/${acme.id}/link`, { userId: maker.id, seat: 'maker' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ makerRoleUsersCount: 1, viewerRoleUsersCount: 0 });
    expect(await policyOf(maker.id)).toEqual({ quota_policy_id: 'enterprise', seat: 'maker', organization_id: acme.id });
    // Without a seat, a linked user is a viewer, with the viewer policy.
    expect((await call('POST', `/v1/organizations/${acme.id}/link`, { userId: viewer.id })).json()).toMatchObject({ makerRoleUsersCount: 1, viewerRoleUsersCount: 1 });
    expect(await policyOf(viewer.id)).toMatchObject({ quota_policy_id: 'viewer', seat: 'viewer' });

    // A new maker policy reaches the makers at once, not the viewers.
    expect((await call('PUT', `/v1/organizations/${acme.id}`, { makerQuotaPolicy: null })).json().makerQuotaPolicy).toBeNull();
    expect((await policyOf(maker.id)).quota_policy_id).toBe('maker');
    expect((await policyOf(viewer.id)).quota_policy_id).toBe('viewer');

    const refused = await call('DELETE', `/v1/organizations/${acme.id}`);
    expectError(refused, 409, 'Organization is not empty');
    expect(refused.json().details).toBe('2 user(s) belong to it; move them to another organization first');
    const elsewhere = (await call('GET', '/v1/organizations?name=Elsewhere')).json()[0];
    for (const user of [maker, viewer]) await call('POST', `/v1/organizations/${elsewhere.id}/link`, { userId: user.id, seat: 'maker' });
    expect((await call('DELETE', `/v1/organizations/${acme.id}`)).statusCode).toBe(204);
    expectError(await call('GET', `/v1/organizations/${acme.id}`), 404, 'Organization not found');
  });

  it('keeps an organization whose records stay behind after their owner left', async () => {
    const org = (await call('POST', '/v1/organizations', { name: 'Left Behind' })).json();
    const owner = await addUser(h.db, { email: 'owner@left.test', organization: 'Left Behind' });
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Old map')", [randomUUID(), org.id, owner.id]);
    const demo = (await call('GET', '/v1/organizations?name=Demo')).json()[0];
    await call('POST', `/v1/organizations/${demo.id}/link`, { userId: owner.id });
    const refused = await call('DELETE', `/v1/organizations/${org.id}`);
    expectError(refused, 409, 'Organization is not empty');
    expect(refused.json().details).toBe('Records still belong to it; delete them first (an owner change keeps a record in its organization)');
    expect((await call('GET', `/v1/organizations/${org.id}`)).statusCode).toBe(200);
  });

  it('answers bad input in the error shape and changes nothing', async () => {
    const before = await h.count('organizations');
    expectError(await call('POST', '/v1/organizations', { name: '' }), 400, 'Invalid request body');
    expectError(await call('POST', '/v1/organizations', { name: 'X', extra: 1 }), 400, 'Invalid request body');
    const unknownPolicy = await call('POST', '/v1/organizations', { name: 'X', makerQuotaPolicy: 'platinum' });
    expectError(unknownPolicy, 422, 'Unknown quota policy');
    expect(unknownPolicy.json().details).toBe('No quota policy with id platinum; see GET /v1/quotapolicies');
    const demo = (await call('GET', '/v1/organizations?name=Demo')).json()[0];
    expectError(await call('PUT', `/v1/organizations/${demo.id}`, {}), 400, 'Invalid request body');
    expectError(await call('PUT', `/v1/organizations/${demo.id}`, { makerQuotaPolicy: 'platinum' }), 422, 'Unknown quota policy');
    expectError(await call('GET', '/v1/organizations/not-a-uuid'), 400, 'Invalid request path parameter');
    expectError(await call('GET', `/v1/organizations/${randomUUID()}`), 404, 'Organization not found');
    expectError(await call('PUT', `/v1/organizations/${randomUUID()}`, { name: 'Y' }), 404, 'Organization not found');
    expectError(await call('DELETE', `/v1/organizations/${randomUUID()}`), 404, 'Organization not found');
    expectError(await call('POST', `/v1/organizations/${demo.id}/link`, { userId: randomUUID() }), 404, 'User not found');
    expectError(await call('POST', `/v1/organizations/${demo.id}/link`, { userId: randomUUID(), seat: 'owner' }), 400, 'Invalid request body');
    expectError(await call('GET', '/v1/organizations?limit=0'), 400, 'Invalid request query string');
    expect(await h.count('organizations')).toBe(before);
    expect((await h.db.query('SELECT name FROM organizations WHERE id = $1', [demo.id]))[0]).toEqual({ name: 'Demo' });
  });

  it('refuses every organization call to makers, viewers and their API keys, changing nothing', async () => {
    const demo = (await call('GET', '/v1/organizations?name=Demo')).json()[0];
    const analyst = (await h.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'analyst@example.com'"))[0]!.id;
    await expectRefused(h, [
      { method: 'GET', url: '/v1/organizations' },
      { method: 'GET', url: `/v1/organizations/${demo.id}` },
      { method: 'POST', url: '/v1/organizations', payload: { name: 'Mine' } },
      { method: 'PUT', url: `/v1/organizations/${demo.id}`, payload: { name: 'Taken over' } },
      { method: 'DELETE', url: `/v1/organizations/${demo.id}` },
      { method: 'POST', url: `/v1/organizations/${demo.id}/link`, payload: { userId: analyst, seat: 'maker' } },
    ]);
  });
});
