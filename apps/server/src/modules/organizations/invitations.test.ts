import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, userId } from '../../test-support/fixtures.js';
import { DEMO_PASSWORD, useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, expectRefused } from '../admin/test-support/refusals.js';

describe.each(testStores())('organization invitations on $name', (store) => {
  const h = useHarness(store);
  let admin: { authorization: string };
  let orgId = '';
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const invite = (email: string, payload?: object, org = orgId, application = 'studio') =>
    call('POST', `/v1/organizations/${org}/invitations/${encodeURIComponent(email)}?application=${application}`, payload);
  const membership = async (email: string) =>
    (await h.db.query<{ organization_id: string; seat: string; quota_policy_id: string }>('SELECT organization_id, seat, quota_policy_id FROM users WHERE lower(email) = lower($1)', [email]))[0];

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    orgId = (await call('POST', '/v1/organizations', { name: 'Invited Org', makerQuotaPolicy: 'enterprise' })).json().id;
  });

  it('invites, lists by e-mail or message, refuses a second pending one, and withdraws', async () => {
    const created = await invite('Ann@Example.org', { message: 'Welcome to the retail team', seat: 'maker' });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation).toEqual({
      id: expect.any(String),
      email: 'ann@example.org',
      organizationId: orgId,
      organizationName: 'Invited Org',
      application: 'studio',
      message: 'Welcome to the retail team',
      seat: 'maker',
      invitedBy: await userId(h.db, 'admin@example.com'),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const other = (await invite('bob@example.org')).json();
    expect(other).toMatchObject({ message: '', seat: 'viewer' });

    const ids = async (query: string) => (await call('GET', `/v1/organizations/invitations${query}`)).json().map((i: { id: string }) => i.id);
    expect(await ids(`?organizationId=${orgId}`)).toEqual([other.id, invitation.id]);
    expect(await ids('?filter=ANN@')).toEqual([invitation.id]);
    expect(await ids('?filterType=email&filter=example.org&limit=1')).toEqual([other.id]);
    expect(await ids('?filterType=message&filter=retail')).toEqual([invitation.id]);
    expect(await ids('?filterType=message&filter=%25')).toEqual([]);

    expectError(await invite('ann@example.org'), 409, 'An invitation to this address is already pending');
    expectError(await invite('analyst@example.com', {}, (await h.db.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Demo'"))[0]!.id), 409, 'The address already belongs to a member of this organization');

    expect((await call('DELETE', `/v1/organizations/invitations/${invitation.id}`)).statusCode).toBe(204);
    expectError(await call('DELETE', `/v1/organizations/invitations/${invitation.id}`), 404, 'Invitation not found');
    expect(await ids(`?organizationId=${orgId}`)).toEqual([other.id]);
    expect((await call('DELETE', `/v1/organizations/invitations/${other.id}`)).statusCode).toBe(204);
  });

  it('answers bad input in the error shape and stores nothing', async () => {
    const before = await h.count('organization_invitations');
    expectError(await call('POST', `/v1/organizations/${orgId}/invitations/carol@example.org`), 400, 'Invalid request query string');
    expectError(await invite('not-an-address'), 400, 'Invalid request path parameter');
    expectError(await invite('carol@example.org', { seat: 'owner' }), 400, 'Invalid request body');
    expectError(await invite('carol@example.org', {}, randomUUID()), 404, 'Organization not found');
    expectError(await call('GET', '/v1/organizations/invitations?filterType=name&filter=x'), 400, 'Invalid request query string');
    expectError(await call('DELETE', '/v1/organizations/invitations/nope'), 400, 'Invalid request path parameter');
    expect(await h.count('organization_invitations')).toBe(before);
  });

  it('becomes a membership when the addressee signs up and the address is verified', async () => {
    await invite('dana@example.org', { seat: 'maker' });
    const signUp = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email: 'dana@example.org', password: 'long enough', name: 'Dana' } });
    expect(signUp.statusCode).toBe(202);
    // Unverified, the address proves nothing: signing in leaves the invitation waiting.
    await h.auth('dana@example.org', 'long enough');
    expect((await membership('dana@example.org'))!.organization_id).not.toBe(orgId);
    const dana = await userId(h.db, 'dana@example.org');
    expect((await call('POST', `/v1/users/${dana}/email-verification`)).statusCode).toBe(200);
    expect(await membership('dana@example.org')).toEqual({ organization_id: orgId, seat: 'maker', quota_policy_id: 'enterprise' });
    expect((await call('GET', '/v1/organizations/invitations?filter=dana')).json()).toEqual([]);
  });

  it('becomes a membership when an account with a verified address signs in; the newest invitation wins', async () => {
    const second = (await call('POST', '/v1/organizations', { name: 'Second Org' })).json().id;
    await addUser(h.db, { email: 'erin@example.org', organization: 'Erin Org' });
    await invite('erin@example.org', { seat: 'maker' });
    await invite('erin@example.org', {}, second);
    const signedIn = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'erin@example.org', password: DEMO_PASSWORD } });
    expect(signedIn.json().user).toMatchObject({ organization: { id: second, name: 'Second Org' }, seat: 'viewer', quotaPolicy: { id: 'viewer' } });
    expect(await membership('erin@example.org')).toMatchObject({ organization_id: second, seat: 'viewer' });
    // Every invitation to the address is used up, so the next sign-in moves nothing.
    expect((await call('GET', '/v1/organizations/invitations?filter=erin')).json()).toEqual([]);
    await h.auth('erin@example.org');
    expect((await membership('erin@example.org'))!.organization_id).toBe(second);
  });

  it('refuses every invitation call to makers, viewers and their API keys, changing nothing', async () => {
    const pending = (await invite('frank@example.org')).json();
    await expectRefused(h, [
      { method: 'GET', url: '/v1/organizations/invitations' },
      { method: 'POST', url: `/v1/organizations/${orgId}/invitations/grace@example.org?application=studio`, payload: {} },
      { method: 'DELETE', url: `/v1/organizations/invitations/${pending.id}` },
    ]);
  });
});
