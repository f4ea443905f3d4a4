import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createMapAssetsApi } from './map-assets.js';

function setup(answers: Array<unknown | ((url: string, init?: RequestInit) => Response)> = []) {
  const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const isJson = typeof init?.body === 'string';
    calls.push({ method: init?.method, url: String(url), body: init?.body === undefined ? undefined : isJson ? JSON.parse(String(init.body)) : init.body });
    const answer = answers.shift();
    if (typeof answer === 'function') return answer(String(url), init);
    return answer === undefined ? new Response(null, { status: 204 }) : new Response(JSON.stringify(answer));
  });
  const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { api: createMapAssetsApi(request), calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const policy = (key: string) => ({ url: 'https://api.test/v1/uploads', fields: { key }, expiration: new Date(Date.now() + 60_000).toISOString() });

describe('createMapAssetsApi', () => {
  it('lists, reads, creates, updates and deletes', async () => {
    const { api, calls } = setup([{ items: [], total: 0 }, {}, {}, { type: 'map-style' }, {}, {}, {}]);
    await api.list({ type: 'map-style', limit: 10 });
    await api.forOrganization();
    await api.sharedWithUser({ type: 'color-palette' });
    await api.get('a 1', { type: 'map-style' });
    await api.create({ type: 'color-palette', name: 'P', metadata: { palette: { colors: ['#000000'] } } });
    await api.update('a1', { name: 'Q' });
    await api.remove('a1');
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/map-assets?type=map-style&limit=10', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/map-assets/for-organization', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/map-assets/shared-with-user?type=color-palette', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/map-assets/a%201?type=map-style', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/map-assets', body: { type: 'color-palette', name: 'P', metadata: { palette: { colors: ['#000000'] } } } },
      { method: 'PUT', url: 'https://api.test/v1/map-assets/a1', body: { name: 'Q' } },
      { method: 'DELETE', url: 'https://api.test/v1/map-assets/a1', body: undefined },
    ]);
  });

  it('makes a style call get a map style and a palette call a color palette', async () => {
    const { api, calls } = setup([{ id: 's', type: 'map-style' }, { id: 'p', type: 'map-style' }, { id: 'q', type: 'color-palette' }]);
    await expect(api.getMapStyle('s')).resolves.toEqual({ id: 's', type: 'map-style' });
    await expect(api.getColorPalette('p')).rejects.toThrow('Asset is not a Color Palette');
    await expect(api.getColorPalette('q')).resolves.toMatchObject({ id: 'q' });
    expect(calls.map((c) => c.url)).toEqual([
      'https://api.test/v1/map-assets/s?type=map-style',
      'https://api.test/v1/map-assets/p?type=color-palette',
      'https://api.test/v1/map-assets/q?type=color-palette',
    ]);
  });

  it('requests upload policies, then uploads each file with its own policy', async () => {
    const answer = { id: 'a1', assetSignedPostPolicy: policy('map-assets/a1/asset'), thumbnailSignedPostPolicy: policy('map-assets/a1/thumbnail') };
    const { api, calls, fetch } = setup([answer, () => new Response(null, { status: 204 }), () => new Response(null, { status: 204 })]);
    const asset = new Blob(['{}'], { type: 'application/json' });
    const thumbnail = new Blob(['png'], { type: 'image/png' });
    await expect(api.uploadFiles('a1', { asset, thumbnail }, { fetch })).resolves.toEqual(answer);
    expect(calls[0]).toEqual({ method: 'PUT', url: 'https://api.test/v1/map-assets/a1/files', body: { assetContentType: 'application/json', thumbnailContentType: 'image/png' } });
    expect(calls.slice(1).map((c) => [c.method, c.url, (c.body as FormData).get('key')])).toEqual([
      ['POST', 'https://api.test/v1/uploads', 'map-assets/a1/asset'],
      ['POST', 'https://api.test/v1/uploads', 'map-assets/a1/thumbnail'],
    ]);
  });

  it('fails with the spec message when the server gives no policy for a file', async () => {
    const { api, fetch } = setup([{ id: 'a1', assetSignedPostPolicy: null, thumbnailSignedPostPolicy: null }]);
    await expect(api.uploadFiles('a1', { thumbnail: new Blob(['x'], { type: 'image/png' }) }, { fetch })).rejects.toThrow('Record is not upload-ready');
  });

  it('reads a file as a blob', async () => {
    const { api, calls } = setup([() => new Response('{"version":8}', { headers: { 'content-type': 'application/json' } })]);
    const blob = await api.readFile('a1', 'asset');
    expect(await blob.text()).toBe('{"version":8}');
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'https://api.test/v1/map-assets/a1/files/asset' });
  });
});
