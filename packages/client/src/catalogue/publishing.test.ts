import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createPublishingApi } from './publishing.js';

function setup(answers: unknown[] = []) {
  const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method, url: String(url), body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const answer = answers.shift();
    return answer === undefined ? new Response(null, { status: 204 }) : new Response(JSON.stringify(answer));
  });
  const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { api: createPublishingApi(request), calls };
}

describe('createPublishingApi', () => {
  it('publishes a map in two steps and unpublishes it', async () => {
    const { api, calls } = setup([{ publishedId: 'p1', status: 'pending' }, { id: 'p1' }]);
    await expect(api.maps.publishNow('m 1', { password: 'secret' })).resolves.toEqual({ id: 'p1' });
    await api.maps.unpublish('m1');
    expect(calls).toEqual([
      { method: 'POST', url: 'https://api.test/v1/maps/m%201/publish/resources', body: { uploadOptions: { password: 'secret' } } },
      { method: 'POST', url: 'https://api.test/v1/maps/m%201/publish/p1', body: undefined },
      { method: 'DELETE', url: 'https://api.test/v1/maps/m1/unpublish', body: undefined },
    ]);
  });

  it('lists and views published insights', async () => {
    const { api, calls } = setup([{}, [], {}, {}, {}]);
    await api.insights.listPublished({ sortBy: 'date', limit: 10 });
    await api.insights.publishedList(['a', 'b']);
    await api.insights.viewPublished('i1');
    await api.insights.publishedInfo('i1');
    await api.insights.unlock('i1', 'pw12');
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/insights/published?sortBy=date&limit=10', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/insights/published/list?insights=a%2Cb', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/insights/i1/published-insight', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/insights/i1/published-insight?infoOnly=true', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/insights/i1/published-insight', body: { password: 'pw12' } },
    ]);
  });

  it('reads the data of published items, with the view token of an unlocked one', async () => {
    const headers: Array<string | null> = [];
    const urls: string[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      urls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`);
      headers.push(new Headers(init?.headers).get('x-view-token'));
      return new Response(JSON.stringify({ rows: [] }));
    });
    const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
    const api = createPublishingApi(request);
    const response = await api.maps.publishedDatasetData('p1', 'd 1', { viewToken: 'tok' });
    expect(response).toBeInstanceOf(Response);
    await api.insights.publishedAnalyticSet('p2');
    await api.insights.publishedQuery('p2', 'visit-share-by-age', { dma: '501' }, 'tok2');
    expect(urls).toEqual([
      'GET https://api.test/v1/maps/p1/published-map/datasets/d%201/data ',
      'GET https://api.test/v1/insights/p2/published-insight/analytic-set ',
      'POST https://api.test/v1/insights/p2/published-insight/query/visit-share-by-age {"parameters":{"dma":"501"}}',
    ]);
    expect(headers).toEqual(['tok', null, 'tok2']);
  });

  it('manages featured maps and samples', async () => {
    const { api, calls } = setup([{}, [], {}, {}, undefined, {}]);
    await api.maps.samples();
    await api.maps.featured.list();
    await api.maps.featured.create({ publishedId: 'p1', title: 'T' });
    await api.maps.featured.update('f1', { position: 2 });
    await api.maps.featured.remove('f1');
    await api.maps.featured.highlight('f2');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', 'https://api.test/v1/maps/published/samples', undefined],
      ['GET', 'https://api.test/v1/maps/published/featured', undefined],
      ['POST', 'https://api.test/v1/maps/published/featured', { publishedId: 'p1', title: 'T' }],
      ['PUT', 'https://api.test/v1/maps/published/featured/f1', { position: 2 }],
      ['DELETE', 'https://api.test/v1/maps/published/featured/f1', undefined],
      ['PUT', 'https://api.test/v1/maps/published/featured/f2/highlight', { highlighted: true }],
    ]);
  });

  it('creates, publishes, reads and shares reports', async () => {
    const { api, calls } = setup([{ items: [], total: 0 }, {}, {}, {}, {}, {}, {}]);
    await expect(api.reports.list()).resolves.toEqual({ items: [], total: 0 });
    await api.reports.list({ limit: 25, offset: 50, isAdmin: true });
    await api.reports.info('r1');
    await api.reports.create({ datasets: ['d1'], uploadOptions: { name: 'R' } });
    await api.reports.publish('r1', { config: { a: 1 } });
    await api.reports.get('r1', 'pw 1');
    await api.reports.invite('r1', { emails: ['a@b.c'], description: 'hi' });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', 'https://api.test/v1/reports/published', undefined],
      ['GET', 'https://api.test/v1/reports/published?limit=25&offset=50&isAdmin=true', undefined],
      ['GET', 'https://api.test/v1/reports/published/r1?infoOnly=true', undefined],
      ['POST', 'https://api.test/v1/reports/published/resources', { datasets: ['d1'], uploadOptions: { name: 'R' } }],
      ['POST', 'https://api.test/v1/reports/published/r1', { config: { a: 1 } }],
      ['GET', 'https://api.test/v1/reports/published/r1?password=pw+1', undefined],
      ['POST', 'https://api.test/v1/reports/published/r1/invite', { emails: ['a@b.c'], description: 'hi' }],
    ]);
  });
});
