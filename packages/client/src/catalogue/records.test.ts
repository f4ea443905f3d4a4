import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createRecordsApi } from './records.js';

/** Records each call; answers `answer(url)` as JSON. */
function setup(answer: (url: string) => unknown = () => ({})) {
  const calls: Array<[string | undefined, string, unknown]> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = init?.body;
    calls.push([init?.method, String(url), body === undefined ? undefined : body instanceof FormData ? Object.fromEntries(body) : JSON.parse(String(body))]);
    return new Response(JSON.stringify(answer(String(url))));
  });
  const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { api: createRecordsApi(request), calls, fetch };
}

describe('record calls', () => {
  it('hits the generic record paths of each prefix', async () => {
    const { api, calls } = setup();
    await api.maps.list();
    await api.insights.listForOrganization({ search: 'a b', limit: 5, offset: 10 });
    await api.dashboards.listSharedWithUser();
    await api.workbooks.listSamples();
    await api.maps.get('m1', { acquireLock: true });
    await api.maps.get('m 1', { isAdmin: false });
    await api.insights.create({ name: 'N', datasets: ['d1'] });
    await api.maps.update('m1', { ownerId: 'u2' }, { isAdmin: true });
    await api.maps.clone('m1');
    await api.workbooks.remove('w1');
    await api.maps.share('m1', { visibility: 'public_read' });
    await api.maps.addDataset('m1', 'd1');
    await api.maps.removeDataset('m1', 'd1');
    await api.maps.addMapAsset('m1', 'a1');
    await api.maps.removeMapAsset('m1', 'a1');
    await api.dashboards.prepareThumbnail('i1', 'image/png');
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/maps', undefined],
      ['GET', 'https://api.test/v1/insights/for-organization?search=a+b&limit=5&offset=10', undefined],
      ['GET', 'https://api.test/v1/dashboards/shared-with-user', undefined],
      ['GET', 'https://api.test/v1/workbooks/samples', undefined],
      ['GET', 'https://api.test/v1/maps/m1?acquireLock=true', undefined],
      ['GET', 'https://api.test/v1/maps/m%201', undefined],
      ['POST', 'https://api.test/v1/insights', { name: 'N', datasets: ['d1'] }],
      ['PUT', 'https://api.test/v1/maps/m1?isAdmin=true', { ownerId: 'u2' }],
      ['POST', 'https://api.test/v1/maps/m1/clone', undefined],
      ['DELETE', 'https://api.test/v1/workbooks/w1', undefined],
      ['POST', 'https://api.test/v1/maps/m1/share', { visibility: 'public_read' }],
      ['POST', 'https://api.test/v1/maps/m1/datasets/d1', undefined],
      ['DELETE', 'https://api.test/v1/maps/m1/datasets/d1', undefined],
      ['POST', 'https://api.test/v1/maps/m1/map-assets/a1', undefined],
      ['DELETE', 'https://api.test/v1/maps/m1/map-assets/a1', undefined],
      ['PUT', 'https://api.test/v1/dashboards/i1/thumbnail', { contentType: 'image/png' }],
    ]);
  });

  it('saves by creating without an id and updating with one', async () => {
    const { api, calls } = setup();
    await api.maps.save({ name: 'New' });
    await api.maps.save({ id: 'm1', name: 'Renamed' }, { acquireLock: true });
    expect(calls).toEqual([
      ['POST', 'https://api.test/v1/maps', { name: 'New' }],
      ['PUT', 'https://api.test/v1/maps/m1?acquireLock=true', { name: 'Renamed' }],
    ]);
  });

  it('uploads a thumbnail with the policy the server answers', async () => {
    const expiration = new Date(Date.now() + 60_000).toISOString();
    const policy = { url: 'https://store.test/up', fields: { key: 'thumbnails/map/m1', 'Content-Type': 'image/png' }, expiration };
    const { api, calls, fetch } = setup((url) => (url.endsWith('/thumbnail') ? { id: 'm1', previewSignedPostPolicy: policy } : {}));
    const record = await api.maps.uploadThumbnail('m1', new Blob(['png'], { type: 'image/png' }), { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(record).toEqual({ id: 'm1', previewSignedPostPolicy: null });
    expect(calls[0]).toEqual(['PUT', 'https://api.test/v1/maps/m1/thumbnail', { contentType: 'image/png' }]);
    expect(calls[1]?.slice(0, 2)).toEqual(['POST', 'https://store.test/up']);
    expect(Object.keys(calls[1]![2] as object)).toEqual(['key', 'Content-Type', 'file']);
  });

  it('refuses to upload when the server answers no policy', async () => {
    const { api, calls } = setup(() => ({ id: 'm1', previewSignedPostPolicy: null }));
    await expect(api.maps.uploadThumbnail('m1', new Blob(['x'], { type: 'image/png' }))).rejects.toThrow('Record is not upload-ready');
    expect(calls).toHaveLength(1);
  });
});

describe('state and lock calls', () => {
  it('hits the state paths, the lock owner path and the lock release path', async () => {
    const { api, calls } = setup();
    await api.insightStates.create({ insightId: 'i1', data: { a: 1 } });
    await api.studioStates.get('s1');
    await api.studioStates.update('s1', { b: 2 }, { acquireLock: true });
    await api.workbookStates.remove('s2');
    await api.locks.changeOwner('map', 'm1', 'u2');
    await api.locks.changeOwner('insight', 'i1', 'u2', { isAdmin: true });
    await api.locks.release('map', 'm1');
    await api.locks.release('workbook', 'w/1', { isAdmin: true });
    expect(calls).toEqual([
      ['POST', 'https://api.test/v1/insight-states', { insightId: 'i1', data: { a: 1 } }],
      ['GET', 'https://api.test/v1/studiostates/s1', undefined],
      ['PUT', 'https://api.test/v1/studiostates/s1?acquireLock=true', { data: { b: 2 } }],
      ['DELETE', 'https://api.test/v1/workbook-states/s2', undefined],
      ['PUT', 'https://api.test/v1/locks/map/m1/owner', { ownerId: 'u2' }],
      ['PUT', 'https://api.test/v1/locks/insight/i1/owner?isAdmin=true', { ownerId: 'u2' }],
      ['DELETE', 'https://api.test/v1/locks/map/m1', undefined],
      ['DELETE', 'https://api.test/v1/locks/workbook/w%2F1?isAdmin=true', undefined],
    ]);
  });
});
