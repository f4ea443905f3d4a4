import { randomUUID } from 'node:crypto';
import { LAST_ADMINISTRATOR_MESSAGE } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { addUser, demoIds, userId } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, expectRefused } from '../admin/test-support/refusals.js';
import { exactlyOneForEmail } from './admin-service.js';

describe('exactlyOneForEmail', () => {
  it('answers the one user, 404 for none and a server error for several', () => {
    expect(exactlyOneForEmail(['u'], 'a@b.c')).toBe('u');
    expect(() => exactlyOneForEmail([], 'a@b.c')).toThrow(expect.objectContaining({ statusCode: 404, message: 'No user found for email a@b.c' }));
    const several = (() => {
      try {
        exactlyOneForEmail(['u', 'v'], 'a@b.c');
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(several).toMatchObject({ statusCode: 500, message: 'Multiple users found for email a@b.c', appStatusCode: 'INTERNAL_ERROR' });
  });
});

describe.each(testStores())('user administration on $name', (store) => {
  const h = useHarness(store);
  let admin: { authorization: string };
  let demoOrg = '';
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const emails = (response: { json(): unknown }) => (response.json() as Array<{ email: string }>).map((user) => user.email);

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    ({ demoOrg } = await demoIds(h.db));
  });

  it('looks users up by e-mail, id, name and organization', async () => {
    const byEmail = await call('GET', '/v1/users?email=ANALYST@example.com');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual([expect.objectContaining({ email: 'analyst@example.com', organization: { id: demoOrg, name: 'Demo' }, seat: 'maker' })]);
    const missing = await call('GET', '/v1/users?email=nobody@example.com');
    expectError(missing, 404, 'No user found for email nobody@example.com');
    const viewer = await userId(h.db, 'viewer@example.com');
    expect(emails(await call('GET', `/v1/users?id=${viewer}`))).toEqual(['viewer@example.com']);
    expect(emails(await call('GET', '/v1/users?name=demo%20an'))).toEqual(['analyst@example.com']);
    expect(emails(await call('GET', `/v1/users?organizationId=${demoOrg}&limit=2`))).toEqual(['admin@example.com', 'analyst@example.com']);
    expect(emails(await call('GET', `/v1/users?organizationId=${demoOrg}&offset=2`))).toContain('viewer@example.com');
    expect(await call('GET', `/v1/users?organizationId=${randomUUID()}`).then((r) => r.json())).toEqual([]);
    expectError(await call('GET', '/v1/users?id=nope'), 400, 'Invalid request query string');
    expectError(await call('GET', '/v1/users?role=admin'), 400, 'Invalid request query string');
  });

  it('adds and removes administrators, and keeps the last one', async () => {
    expect(emails(await call('GET', '/v1/users/admin'))).toEqual(['admin@example.com']);
    const helper = await addUser(h.db, { email: 'helper@example.com', organization: 'Demo' });
    const added = await call('POST', `/v1/users/admin/${helper.id}`);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: helper.id, isAdmin: true });
    expect((await call('POST', `/v1/users/admin/${helper.id}`)).json().isAdmin).toBe(true);
    expect(emails(await call('GET', '/v1/users/admin'))).toEqual(['admin@example.com', 'helper@example.com']);

    // The new administrator takes the old one's rights away; then, alone, cannot lose their own.
    const helperAuth = await h.auth('helper@example.com');
    const adminId = await userId(h.db, 'admin@example.com');
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/users/admin/${adminId}`, headers: helperAuth })).statusCode).toBe(204);
    const last = await h.app.inject({ method: 'DELETE', url: `/v1/users/admin/${helper.id}`, headers: helperAuth });
    expectError(last, 409, LAST_ADMINISTRATOR_MESSAGE);
    expect(last.json().details).toBe('Make another user an administrator first');
    expect(emails(await h.app.inject({ url: '/v1/users/admin', headers: helperAuth }))).toEqual(['helper@example.com']);
    // Removing rights from someone who has none changes nothing.
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/users/admin/${adminId}`, headers: helperAuth })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: `/v1/users/admin/${adminId}`, headers: helperAuth })).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/users/admin/${helper.id}`)).statusCode).toBe(204);
    expect(emails(await call('GET', '/v1/users/admin'))).toEqual(['admin@example.com']);
    expectError(await call('POST', `/v1/users/admin/${randomUUID()}`), 404, 'User not found');
    expectError(await call('DELETE', `/v1/users/admin/${randomUUID()}`), 404, 'User not found');
  });

  it('sets seats, with the quota policy that goes with them', async () => {
    const viewer = await userId(h.db, 'viewer@example.com');
    const seatUrl = (seat: string, org = demoOrg, user = viewer) => `/v1/admin/users/${user}/organization/${org}/seat/${seat}`;
    const counts = async () => (await call('GET', `/v1/organizations/${demoOrg}`)).json() as { makerRoleUsersCount: number; viewerRoleUsersCount: number };
    const before = await counts();
    const maker = await call('PUT', seatUrl('maker'));
    expect(maker.statusCode).toBe(200);
    expect(maker.json()).toMatchObject({ id: viewer, seat: 'maker', quotaPolicy: { id: 'maker' } });
    expect(await counts()).toMatchObject({ makerRoleUsersCount: before.makerRoleUsersCount + 1, viewerRoleUsersCount: before.viewerRoleUsersCount - 1 });
    expect((await call('PUT', seatUrl('viewer'))).json()).toMatchObject({ seat: 'viewer', quotaPolicy: { id: 'viewer' } });
    expectError(await call('PUT', seatUrl('owner')), 400, 'Invalid request path parameter');
    expectError(await call('PUT', seatUrl('maker', randomUUID())), 404, 'User is not a member of this organization');
    expectError(await call('PUT', seatUrl('maker', demoOrg, randomUUID())), 404, 'User not found');
    expect((await h.db.query('SELECT seat FROM users WHERE id = $1', [viewer]))[0]).toEqual({ seat: 'viewer' });
  });

  it('lists quota policies and assigns one to a user', async () => {
    const policies = (await call('GET', '/v1/quotapolicies')).json();
    expect(policies.map((p: { id: string }) => p.id)).toEqual(['viewer', 'maker', 'enterprise']);
    expect(policies[2]).toMatchObject({ name: 'Enterprise', limits: { maps: 65535 } });
    const analyst = await userId(h.db, 'analyst@example.com');
    const set = await call('PUT', `/v1/users/${analyst}/quotapolicy/enterprise`);
    expect(set.statusCode).toBe(200);
    expect(set.json().quotaPolicy).toMatchObject({ id: 'enterprise' });
    expect((await h.app.inject({ url: '/v1/users/me/quota', headers: await h.auth('analyst@example.com') })).json().quotaPolicy.id).toBe('enterprise');
    expectError(await call('PUT', `/v1/users/${analyst}/quotapolicy/platinum`), 404, 'Quota policy not found');
    expectError(await call('PUT', `/v1/users/${randomUUID()}/quotapolicy/maker`), 404, 'User not found');
    expect((await call('PUT', `/v1/users/${analyst}/quotapolicy/maker`)).json().quotaPolicy.id).toBe('maker');
  });

  it('refuses every user administration call to makers, viewers and their API keys, changing nothing', async () => {
    const analyst = await userId(h.db, 'analyst@example.com');
    const viewer = await userId(h.db, 'viewer@example.com');
    const adminId = await userId(h.db, 'admin@example.com');
    await expectRefused(h, [
      { method: 'GET', url: '/v1/users?email=admin@example.com' },
      { method: 'GET', url: '/v1/users/admin' },
      { method: 'POST', url: `/v1/users/admin/${analyst}` },
      { method: 'DELETE', url: `/v1/users/admin/${adminId}` },
      { method: 'PUT', url: `/v1/admin/users/${viewer}/organization/${demoOrg}/seat/maker` },
      { method: 'PUT', url: `/v1/users/${analyst}/quotapolicy/enterprise` },
      { method: 'GET', url: '/v1/quotapolicies' },
    ]);
  });
});
