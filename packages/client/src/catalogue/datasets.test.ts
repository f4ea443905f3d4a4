import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
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
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/datasets/d1', undefined],
      ['GET', 'https://api.test/v1/datasets/d1?isAdmin=true', undefined],
      ['POST', 'https://api.test/v1/datasets', { name: 'N', type: 'sql', dataConnectionId: 'c1' }],
      ['PUT', 'https://api.test/v1/datasets/d%2F1?isAdmin=true', { ownerId: 'u2' }],
      ['POST', 'https://api.test/v1/datasets/d1/clone', undefined],
      ['DELETE', 'https://api.test/v1/datasets/d1', undefined],
      ['GET', 'https://api.test/v1/datasets/d1/maps', undefined],
    ]);
  });
});
