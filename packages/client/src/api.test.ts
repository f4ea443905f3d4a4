import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api.js';

/** A client over a fake fetch that records each call and answers `answer` (204 when undefined). */
function setup(answer?: unknown) {
  const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method, url: String(url), body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return answer === undefined ? new Response(null, { status: 204 }) : new Response(JSON.stringify(answer));
  });
  const api = createApiClient({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch, getToken: () => 't' });
  return { api, calls };
}

describe('createApiClient', () => {
  it('signs in and out', async () => {
    const { api, calls } = setup({ token: 'abc' });
    await expect(api.auth.signIn({ email: 'a@b.c', password: 'pw' })).resolves.toEqual({ token: 'abc' });
    await api.auth.signOut();
    expect(calls).toEqual([
      { method: 'POST', url: 'https://api.test/v1/auth/sign-in', body: { email: 'a@b.c', password: 'pw' } },
      { method: 'POST', url: 'https://api.test/v1/auth/sign-out', body: undefined },
    ]);
  });

  it('calls the user endpoints', async () => {
    const { api, calls } = setup({});
    await api.users.me();
    await api.users.me({ includeFlags: true });
    await api.users.flags();
    await api.users.quota();
    await api.users.seat('u 1/x');
    await api.users.update('u1', { name: 'Ada' });
    await api.users.industries();
    await api.users.moveToOrganization('u1', 'o1');
    await api.users.setScreeningStatuses([{ userId: 'u1', status: 1 }]);
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/users/me', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/users/me?includeFlags=true', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/users/me/flags', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/users/me/quota', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/users/u%201%2Fx/seat', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/users/u1', body: { name: 'Ada' } },
      { method: 'GET', url: 'https://api.test/v1/users/industries', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/users/u1/organization/o1', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/users/screening-status', body: [{ userId: 'u1', status: 1 }] },
    ]);
  });

  it('calls the API key endpoints', async () => {
    const { api, calls } = setup({ id: 'k' });
    await api.apiKey.get();
    await api.apiKey.create();
    await api.apiKey.create({ expiresAt: '2030-01-01T00:00:00.000Z' });
    await api.apiKey.update({ expiresAt: null });
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/api-key', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/api-key', body: {} },
      { method: 'POST', url: 'https://api.test/v1/api-key', body: { expiresAt: '2030-01-01T00:00:00.000Z' } },
      { method: 'PUT', url: 'https://api.test/v1/api-key', body: { expiresAt: null } },
    ]);
  });

  it('removes the API key, resolving undefined on 204', async () => {
    const { api, calls } = setup();
    await expect(api.apiKey.remove()).resolves.toBeUndefined();
    expect(calls).toEqual([{ method: 'DELETE', url: 'https://api.test/v1/api-key', body: undefined }]);
  });

  it('sends feedback', async () => {
    const { api, calls } = setup({ id: 'f1' });
    await api.feedback.send({ comments: 'The map is slow', eventId: 'e1' });
    expect(calls).toEqual([{ method: 'POST', url: 'https://api.test/v1/sentry-user-feedback', body: { comments: 'The map is slow', eventId: 'e1' } }]);
  });

  it('calls the service endpoints', async () => {
    const { api, calls } = setup({ status: 'ok' });
    await expect(api.service.health()).resolves.toEqual({ status: 'ok' });
    await api.service.tiers();
    await api.service.staticConfigs();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.test/v1/health',
      'GET https://api.test/v1/tiers',
      'GET https://api.test/v1/static-configs',
    ]);
  });

  it('exposes the http core for other calls', async () => {
    const { api, calls } = setup({ rows: [] });
    await expect(api.http.request('GET', '/v1/custom', { query: { a: 1 } })).resolves.toEqual({ rows: [] });
    expect(calls[0]?.url).toBe('https://api.test/v1/custom?a=1');
  });
});
