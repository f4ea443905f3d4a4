import { FEATURE_FLAGS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../security/secrets.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { createOrganization } from '../organizations/repo.js';
import { insertUser } from './repo.js';

describe.each(testStores())('users on $name', (store) => {
  const h = useHarness(store);
  let outsiderId = '';
  const idOf = async (email: string) => (await h.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

  beforeAll(async () => {
    const organizationId = await createOrganization(h.db, { name: 'Elsewhere' });
    outsiderId = await insertUser(h.db, {
      email: 'outsider@example.org',
      name: 'Out Sider',
      passwordHash: await hashPassword('secret'),
      organizationId,
      seat: 'maker',
      isAdmin: false,
      quotaPolicyId: 'maker',
    });
  });

  it('answers /me with organization, seat, quota and screening fields', async () => {
    const response = await h.app.inject({ url: '/v1/users/me', headers: await h.auth('viewer@example.com') });
    const user = response.json();
    expect(user).toMatchObject({
      email: 'viewer@example.com',
      name: 'Demo Viewer',
      seat: 'viewer',
      isAdmin: false,
      organization: { name: 'Demo' },
      quotaPolicy: { id: 'viewer' },
      screeningStatus: null,
      lastScreeningUpdate: null,
    });
    expect(user.organizationSeatMap).toEqual({ [user.organization.id]: 'viewer' });
    expect(user.quotaUsage).toEqual({ maps: 0, datasets: 0, insights: 0, workbooks: 0, dataConnections: 0, storageMegabytes: 0 });
    expect(user.flags).toBeUndefined();
    expect(user.password_hash ?? user.passwordHash).toBeUndefined();
  });

  it('includes the organization flags on request, and serves them alone at /me/flags', async () => {
    const headers = await h.auth('analyst@example.com');
    const withFlags = (await h.app.inject({ url: '/v1/users/me?includeFlags=true', headers })).json();
    const flags = (await h.app.inject({ url: '/v1/users/me/flags', headers })).json();
    expect(Object.keys(flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(withFlags.flags).toEqual(flags);
    expect(flags['fsq-bi-enabled']).toBe(true);
    expect(flags.dummy).toBe(false);
    const outsider = (await h.app.inject({ url: '/v1/users/me/flags', headers: await h.auth('outsider@example.org', 'secret') })).json();
    expect(outsider['fsq-bi-enabled']).toBe(false);
  });

  it('rejects an unknown query option and a non-boolean includeFlags', async () => {
    const headers = await h.auth('analyst@example.com');
    expect((await h.app.inject({ url: '/v1/users/me?includeFlags=maybe', headers })).statusCode).toBe(400);
  });

  it('answers the quota of the signed-in user', async () => {
    const quota = (await h.app.inject({ url: '/v1/users/me/quota', headers: await h.auth('analyst@example.com') })).json();
    expect(quota.quotaPolicy).toMatchObject({ id: 'maker', limits: { maps: 500 } });
    expect(quota.quotaUsage.maps).toBe(0);
  });

  it('shows seats inside the organization and hides other organizations', async () => {
    const headers = await h.auth('analyst@example.com');
    const viewerId = await idOf('viewer@example.com');
    const seat = await h.app.inject({ url: `/v1/users/${viewerId}/seat`, headers });
    expect(seat.json()).toMatchObject({ userId: viewerId, seat: 'viewer' });
    const hidden = await h.app.inject({ url: `/v1/users/${outsiderId}/seat`, headers });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'User not found', appStatusCode: 'NOT_FOUND' });
    const asAdmin = await h.app.inject({ url: `/v1/users/${outsiderId}/seat`, headers: await h.auth('admin@example.com') });
    expect(asAdmin.json()).toMatchObject({ userId: outsiderId, seat: 'maker' });
    expect((await h.app.inject({ url: '/v1/users/not-a-uuid/seat', headers })).statusCode).toBe(400);
  });

  it('lets users rename themselves and administrators rename anyone', async () => {
    const analystId = await idOf('analyst@example.com');
    const renamed = await h.app.inject({ method: 'PUT', url: `/v1/users/${analystId}`, headers: await h.auth('analyst@example.com'), payload: { name: 'Ana Lyst' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Ana Lyst');
    const byAdmin = await h.app.inject({ method: 'PUT', url: `/v1/users/${analystId}`, headers: await h.auth('admin@example.com'), payload: { name: 'Demo Analyst' } });
    expect(byAdmin.json().name).toBe('Demo Analyst');
  });

  it('refuses updates to other users and bad bodies, leaving the row unchanged', async () => {
    const analystId = await idOf('analyst@example.com');
    const viewer = await h.auth('viewer@example.com');
    const snapshot = async () => (await h.db.query('SELECT name, updated_at FROM users WHERE id = $1', [analystId]))[0];
    const before = await snapshot();
    const attempts = [
      { headers: viewer, payload: { name: 'Hijacked' }, status: 403 },
      { headers: await h.auth('outsider@example.org', 'secret'), payload: { name: 'Hijacked' }, status: 404 },
      { headers: await h.auth('analyst@example.com'), payload: { name: 'X', isAdmin: true }, status: 400 },
      { headers: await h.auth('analyst@example.com'), payload: { name: 7 }, status: 400 },
      { headers: await h.auth('analyst@example.com'), payload: { name: '' }, status: 400 },
    ];
    for (const attempt of attempts) {
      const response = await h.app.inject({ method: 'PUT', url: `/v1/users/${analystId}`, headers: attempt.headers, payload: attempt.payload });
      expect(response.statusCode).toBe(attempt.status);
      expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists industries and says that no Google account is linked', async () => {
    const headers = await h.auth('viewer@example.com');
    const industries = (await h.app.inject({ url: '/v1/users/industries', headers })).json().industries;
    expect(industries).toContain('Retail');
    expect(industries.at(-1)).toBe('Other');
    const google = await h.app.inject({ url: '/v1/users/me/google', headers });
    expect(google.statusCode).toBe(404);
    expect(google.json()).toEqual({ message: 'No Google account is linked', details: 'This server signs in with email and password', appStatusCode: 'NOT_FOUND' });
  });

  it('lets administrators move a user to another organization', async () => {
    const viewerId = await idOf('viewer@example.com');
    const elsewhere = (await h.db.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Elsewhere'"))[0]!.id;
    const url = `/v1/users/${viewerId}/organization/${elsewhere}`;
    const refused = await h.app.inject({ method: 'PUT', url, headers: await h.auth('analyst@example.com') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Administrator rights required');
    const unknownOrg = await h.app.inject({ method: 'PUT', url: `/v1/users/${viewerId}/organization/${outsiderId}`, headers: await h.auth('admin@example.com') });
    expect(unknownOrg.statusCode).toBe(404);
    expect(unknownOrg.json().message).toBe('Organization not found');
    const moved = await h.app.inject({ method: 'PUT', url, headers: await h.auth('admin@example.com') });
    expect(moved.json()).toMatchObject({ id: viewerId, organization: { id: elsewhere, name: 'Elsewhere' }, seat: 'viewer' });
    const demo = (await h.db.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Demo'"))[0]!.id;
    await h.app.inject({ method: 'PUT', url: `/v1/users/${viewerId}/organization/${demo}`, headers: await h.auth('admin@example.com') });
  });

  it('sets screening statuses all or nothing, for administrators only', async () => {
    const analystId = await idOf('analyst@example.com');
    const admin = await h.auth('admin@example.com');
    const put = (payload: unknown, headers = admin) =>
      h.app.inject({ method: 'PUT', url: '/v1/users/screening-status', headers, payload: payload as object });
    expect((await put([{ userId: analystId, status: 1 }], await h.auth('analyst@example.com'))).statusCode).toBe(403);
    const failing = await put([{ userId: analystId, status: 1 }, { userId: '00000000-0000-4000-8000-000000000000', status: 2 }]);
    expect(failing.statusCode).toBe(404);
    expect((await h.app.inject({ url: '/v1/users/me', headers: await h.auth('analyst@example.com') })).json().screeningStatus).toBeNull();
    expect((await put([{ userId: analystId, status: 3 }])).statusCode).toBe(400);
    const ok = await put([{ userId: analystId, status: 2 }, { userId: outsiderId, status: 1 }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(2);
    const me = (await h.app.inject({ url: '/v1/users/me', headers: await h.auth('analyst@example.com') })).json();
    expect(me.screeningStatus).toBe(2);
    expect(Date.parse(me.lastScreeningUpdate)).not.toBeNaN();
    const cleared = await put([{ userId: analystId, status: null }]);
    expect(cleared.json()[0]).toMatchObject({ userId: analystId, screeningStatus: null });
  });
});
