import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createAdminApi } from './admin.js';

describe('createAdminApi', () => {
  it('calls the administration routes with their paths, queries and bodies', async () => {
    const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body });
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    const api = createAdminApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await expect(api.organizations.list({ name: 'ac me' })).resolves.toEqual({ ok: true });
    await api.organizations.create({ name: 'Acme', makerQuotaPolicy: 'enterprise' });
    await api.organizations.link('o1', { userId: 'u1', seat: 'maker' });
    await expect(api.organizations.remove('o1')).resolves.toBeUndefined();
    await api.invitations.create('o1', 'ann@example.org', 'studio', { message: 'hi' });
    await api.invitations.list({ filterType: 'message', filter: 'hi' });
    await api.users.lookUp({ email: 'a+b@example.org' });
    await api.users.setSeat('u1', 'o1', 'viewer');
    await api.users.setQuotaPolicy('u1', 'maker');
    await api.users.removeAdministrator('u1');
    await api.users.verifyEmail('u 1');
    await api.quotaPolicies();
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/organizations?name=ac+me', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/organizations', body: JSON.stringify({ name: 'Acme', makerQuotaPolicy: 'enterprise' }) },
      { method: 'POST', url: 'https://api.test/v1/organizations/o1/link', body: JSON.stringify({ userId: 'u1', seat: 'maker' }) },
      { method: 'DELETE', url: 'https://api.test/v1/organizations/o1', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/organizations/o1/invitations/ann%40example.org?application=studio', body: JSON.stringify({ message: 'hi' }) },
      { method: 'GET', url: 'https://api.test/v1/organizations/invitations?filterType=message&filter=hi', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/users?email=a%2Bb%40example.org', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/admin/users/u1/organization/o1/seat/viewer', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/users/u1/quotapolicy/maker', body: undefined },
      { method: 'DELETE', url: 'https://api.test/v1/users/admin/u1', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/users/u%201/email-verification', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/quotapolicies', body: undefined },
    ]);
  });

  it('calls owner change, visibility, published maps, reconcile and e-mail flags', async () => {
    const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body });
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    const api = createAdminApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await api.resources.changeOwner('dataset', 'd1', 'u2');
    await api.resources.changeOwner('insight', 'i1', 'u2');
    await api.resources.setVisibility('publishedMap', 'p1', 'private');
    await api.resources.publishedMaps({ sortBy: 'date', count: 10 });
    await api.reconcileQuota('storageMegabytes', true);
    await api.emailFlags.get('a+b@example.org');
    await api.emailFlags.set('a@example.org', { bounced: true });
    await api.auditLogs({ actorId: 'u1', action: 'grant.create', limit: 26 });
    await api.feedback({ offset: 25, limit: 25 });
    expect(calls).toEqual([
      { method: 'PUT', url: 'https://api.test/v1/datasets/d1?isAdmin=true', body: JSON.stringify({ ownerId: 'u2' }) },
      { method: 'PUT', url: 'https://api.test/v1/insights/i1?isAdmin=true', body: JSON.stringify({ ownerId: 'u2' }) },
      { method: 'PUT', url: 'https://api.test/v1/admin/publishedMap/p1/update-visibility', body: JSON.stringify({ privacy: 'private' }) },
      { method: 'GET', url: 'https://api.test/v1/admin/maps/published?sortBy=date&count=10', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/admin/reconcile-quota', body: JSON.stringify({ quotaType: 'storageMegabytes', dryRun: true }) },
      { method: 'GET', url: 'https://api.test/v1/email_flags?email=a%2Bb%40example.org', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/email_flags', body: JSON.stringify({ email: 'a@example.org', bounced: true }) },
      { method: 'GET', url: 'https://api.test/v1/admin/audit-logs?actorId=u1&action=grant.create&limit=26', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/admin/feedback?offset=25&limit=25', body: undefined },
    ]);
  });
});
