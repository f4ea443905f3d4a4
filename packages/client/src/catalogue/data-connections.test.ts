import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { createDataConnectionsApi } from './data-connections.js';

function setup() {
  const calls: Array<{ method: string | undefined; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method, url: String(url), body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    return new Response(JSON.stringify({ ok: true }));
  });
  const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { api: createDataConnectionsApi(request), calls };
}

describe('createDataConnectionsApi', () => {
  it('sends the connection calls with their methods, URLs and bodies', async () => {
    const { api, calls } = setup();
    const options = { host: 'db', database: 'd', user: 'u', passwordEnvVar: 'ATLAS_CONNECTION_DB' };
    await api.list({ types: ['postgres', 'snowflake'] });
    await api.forOrganization();
    await api.get('c 1', { isAdmin: true });
    await api.datasets('c1');
    await api.connections('c1');
    await api.create({ name: 'W', type: 'postgres', options });
    await api.update('c1', { name: 'X' }, { isAdmin: true });
    await api.remove('c1');
    await api.test({ connectionId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' });
    await api.schema('c1', ['public', 'my table']);
    await api.objects('c1', { bucket: 'lake', prefix: 'exports/', pageToken: 't2' });
    await api.importObject('c1', { key: 'exports/points.csv', name: 'Points' });
    expect(calls).toEqual([
      { method: 'GET', url: 'https://api.test/v1/data-connections?types=postgres%2Csnowflake', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/data-connections/for-organization', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/data-connections/c%201?isAdmin=true', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/data-connections/c1/datasets', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/data-connections/c1/connections', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/data-connections', body: { name: 'W', type: 'postgres', options } },
      { method: 'PUT', url: 'https://api.test/v1/data-connections/c1?isAdmin=true', body: { name: 'X' } },
      { method: 'DELETE', url: 'https://api.test/v1/data-connections/c1', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/test-connection', body: { connectionId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' } },
      { method: 'GET', url: 'https://api.test/v1/data-queries/schema/c1/public/my%20table', body: undefined },
      { method: 'GET', url: 'https://api.test/v1/data-connections/c1/objects?bucket=lake&prefix=exports%2F&pageToken=t2', body: undefined },
      { method: 'POST', url: 'https://api.test/v1/data-connections/c1/import', body: { key: 'exports/points.csv', name: 'Points' } },
    ]);
  });
});
