import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createAdminApi } from './admin.js';

describe('createAdminApi featureFlags', () => {
  it("reads and sets an organization's flags at /v1/admin/organizations/{id}/flags", async () => {
    const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body });
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    const api = createAdminApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await expect(api.featureFlags.get('o/1')).resolves.toEqual({ ok: true });
    await api.featureFlags.set('o1', { 'workbooks-enabled': false });
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/admin/organizations/o%2F1/flags', body: undefined },
      { method: 'PUT', url: 'https://api.test/v1/admin/organizations/o1/flags', body: JSON.stringify({ 'workbooks-enabled': false }) },
    ]);
  });
});
