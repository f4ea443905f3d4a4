import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createLegalApi } from './legal.js';

describe('createLegalApi', () => {
  it('reads an agreement, the latest consent, and consents', async () => {
    const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body });
      return new Response(JSON.stringify({ ok: true }), { status: init?.method === 'POST' ? 201 : 200 });
    });
    const api = createLegalApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await expect(api.get('studio-tos')).resolves.toEqual({ ok: true });
    await api.latestConsent('fsq-bi');
    await expect(api.consent('fsq-despp-v1')).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/legal/studio-tos', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/legal/latest/fsq-bi/consent', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/legal/fsq-despp-v1/consent', body: undefined },
    ]);
  });
});
