import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createAdminApi } from './admin.js';

describe('createAdminApi: account merge and provisioning', () => {
  it('posts the merge (with its dry run) and the provisioning with their bodies', async () => {
    const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body });
      return new Response(JSON.stringify({ message: 'ok' }), { status: 200 });
    });
    const api = createAdminApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await expect(api.mergeAccounts({ primaryId: 'p', secondaryIds: ['s1', 's2'], dryRun: true })).resolves.toEqual({ message: 'ok' });
    await api.mergeAccounts({ primaryId: 'p', secondaryIds: ['s1'] });
    await api.provisionAccount({ organizationId: 'o1', demoData: true });
    expect(calls).toEqual([
      { method: 'POST', url: 'https://api.test/v1/admin/merge-accounts', body: JSON.stringify({ primaryId: 'p', secondaryIds: ['s1', 's2'], dryRun: true }) },
      { method: 'POST', url: 'https://api.test/v1/admin/merge-accounts', body: JSON.stringify({ primaryId: 'p', secondaryIds: ['s1'] }) },
      { method: 'POST', url: 'https://api.test/v1/admin/pipelines/provision-account', body: JSON.stringify({ organizationId: 'o1', demoData: true }) },
    ]);
  });

  it('rejects with the error contract’s "message (details)"', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Account is disabled', details: 'merged', appStatusCode: 'CONFLICT' }), { status: 409 }));
    const api = createAdminApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await expect(api.mergeAccounts({ primaryId: 'p', secondaryIds: ['s'] })).rejects.toMatchObject({ status: 409, message: 'Account is disabled' });
  });
});
