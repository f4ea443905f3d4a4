import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
import { createHttp } from '../http.js';
import { createDatasetsApi } from './datasets.js';

function setup() {
  const { request, calls } = recordingRequest();
  return { api: createDatasetsApi(request), calls };
}

describe('dataset calls', () => {
  it('lists with query params and searches', async () => {
    const { api, calls } = setup();
    await api.list();
    await api.list({ search: 'a b', type: 'sql', status: 'ready', limit: 10, offset: 20 });
    await api.sample();
    await api.forOrganization({ limit: 5 });
    await api.sharedWithUser();
    await api.search({ query: 'coffee', limit: 3 });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/datasets', undefined],
      ['GET', 'https://api.test/v1/datasets?search=a+b&type=sql&status=ready&limit=10&offset=20', undefined],
      ['GET', 'https://api.test/v1/datasets/sample', undefined],
      ['GET', 'https://api.test/v1/datasets/for-organization?limit=5', undefined],
      ['GET', 'https://api.test/v1/datasets/shared-with-user', undefined],
      ['GET', 'https://api.test/v1/datasets/search?query=coffee&limit=3', undefined],
    ]);
  });

  it('reads, writes, clones and deletes one dataset, with admin mode only when asked', async () => {
    const { api, calls } = setup();
    await api.get('d1');
    await api.get('d1', { isAdmin: true });
    await api.create({ name: 'N', type: 'sql', dataConnectionId: 'c1' });
    await api.update('d/1', { ownerId: 'u2' }, { isAdmin: true });
    await api.clone('d1');
    await api.remove('d1');
    await api.maps('d1');
    await api.workbench('d1', { connectionId: 'c1', tableName: 'public.shops' });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/datasets/d1', undefined],
      ['GET', 'https://api.test/v1/datasets/d1?isAdmin=true', undefined],
      ['POST', 'https://api.test/v1/datasets', { name: 'N', type: 'sql', dataConnectionId: 'c1' }],
      ['PUT', 'https://api.test/v1/datasets/d%2F1?isAdmin=true', { ownerId: 'u2' }],
      ['POST', 'https://api.test/v1/datasets/d1/clone', undefined],
      ['DELETE', 'https://api.test/v1/datasets/d1', undefined],
      ['GET', 'https://api.test/v1/datasets/d1/maps', undefined],
      ['POST', 'https://api.test/v1/datasets/d1/workbench', { connectionId: 'c1', tableName: 'public.shops' }],
    ]);
  });
});

describe('dataset data calls', () => {
  function rawSetup(answer: () => Response = () => new Response('{}')) {
    const calls: Array<{ method?: string; url: string; body: unknown; contentType: string | null }> = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method, url: String(url), body: init?.body, contentType: new Headers(init?.headers).get('content-type') });
      return answer();
    };
    const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as typeof globalThis.fetch });
    return { api: createDatasetsApi(request), calls };
  }

  it('uploads the file as the raw body with the content type of its format', async () => {
    const { api, calls } = rawSetup();
    const csv = new Blob(['a\n1\n'], { type: 'text/csv' });
    await api.uploadData('d1', csv);
    await api.uploadData('d1', new Uint8Array([1, 2]), { format: 'parquet', skipArrow: true });
    await api.uploadData('d/1', '{"type":"FeatureCollection","features":[]}', { format: 'geojson' });
    await api.uploadData('d1', new Blob(['x']));
    expect(calls).toEqual([
      { method: 'PUT', url: 'https://api.test/v1/datasets/d1/data', body: csv, contentType: 'text/csv' },
      { method: 'PUT', url: 'https://api.test/v1/datasets/d1/data?format=parquet&skipArrow=true', body: new Uint8Array([1, 2]), contentType: 'application/vnd.apache.parquet' },
      {
        method: 'PUT',
        url: 'https://api.test/v1/datasets/d%2F1/data?format=geojson',
        body: '{"type":"FeatureCollection","features":[]}',
        contentType: 'application/geo+json',
      },
      { method: 'PUT', url: 'https://api.test/v1/datasets/d1/data', body: expect.any(Blob), contentType: 'application/octet-stream' },
    ]);
  });

  it('downloads the data as bytes and reads the latest load', async () => {
    const { api, calls } = rawSetup(() => new Response(new Uint8Array([65, 66])));
    const bytes = await api.downloadData('d1');
    expect(new Uint8Array(bytes)).toEqual(new Uint8Array([65, 66]));
    await api.downloadData('d1', { format: 'csv' });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['GET', 'https://api.test/v1/datasets/d1/data', undefined],
      ['GET', 'https://api.test/v1/datasets/d1/data?format=csv', undefined],
    ]);
    const load = { id: 'l1', status: 'success', source: 'upload', format: 'csv', dataVersion: 'v', rowCount: 2, error: null, startedAt: 't', finishedAt: 't' };
    const { api: other, calls: otherCalls } = rawSetup(() => new Response(JSON.stringify(load)));
    expect(await other.queryExecution('d1')).toEqual(load);
    expect(otherCalls[0]!.url).toBe('https://api.test/v1/datasets/d1/query-execution');
  });
});
