import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { recordingRequest } from '../test-support.js';
import { createAnalyticsApi } from './analytics.js';

describe('analytics calls', () => {
  it('hits the spec paths', async () => {
    const { request, calls } = recordingRequest();
    const api = createAnalyticsApi(request);
    await api.getSet('change-in-visits');
    await api.getSet('cross-visitation', { impersonateOrganizationId: 'o1' });
    await api.labels();
    await api.query('visitation-trends', 'median-dwell-time', { dma: '501' }, { expectData: true });
    await api.invalidateLabels();
    await api.invalidateDefault('movement-pivot');
    await api.invalidateOrganization('movement-pivot', 'o 1');
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/analytic-sets/change-in-visits', undefined],
      ['GET', 'https://api.test/v1/analytic-sets/cross-visitation?impersonateOrganizationId=o1', undefined],
      ['GET', 'https://api.test/v1/labels', undefined],
      ['POST', 'https://api.test/v1/query/visitation-trends/template/median-dwell-time?expectData=true', { parameters: { dma: '501' } }],
      ['POST', 'https://api.test/v1/invalidate/labels', undefined],
      ['POST', 'https://api.test/v1/invalidate/movement-pivot/default', undefined],
      ['POST', 'https://api.test/v1/invalidate/movement-pivot/org/o%201', undefined],
    ]);
  });

  it('asks the server to recompute with cache-control: no-cache only when told to', async () => {
    const fetch = vi.fn(async () => new Response('{"rows":[]}'));
    const api = createAnalyticsApi(createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch }).request);
    await api.query('change-in-visits', 'change-in-visits', {}, { refresh: true });
    await api.query('change-in-visits', 'change-in-visits', {});
    const sent = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1].headers).get('cache-control'));
    expect(sent).toEqual(['no-cache', null]);
  });
});
