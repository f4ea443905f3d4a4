import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
import { createTagsApi } from './tags.js';

function setup() {
  const { request, calls } = recordingRequest();
  return { api: createTagsApi(request), calls };
}

describe('tag calls', () => {
  it('hits the spec paths', async () => {
    const { api, calls } = setup();
    const color = '#112233';
    await api.list();
    await api.forOrganization('dataset');
    await api.create({ name: 'T', color, resourceType: 'map', resourceId: 'm1' });
    await api.update('t1', { color });
    await api.remove('t1');
    await api.attach('t1', 'query_template', 'q1', { name: 'T', color });
    await api.detach('t1', 'map', 'm1');
    await api.bulk({ tags: [{ name: 'T', color }], resources: [{ resourceType: 'map', resourceId: 'm1' }] });
    await api.bulkRemove({ tagIds: ['t1'], resources: [{ resourceType: 'map', resourceId: 'm1' }] });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/tags', undefined],
      ['GET', 'https://api.test/v1/tags/for-organization?resourceType=dataset', undefined],
      ['POST', 'https://api.test/v1/tags', { name: 'T', color, resourceType: 'map', resourceId: 'm1' }],
      ['PUT', 'https://api.test/v1/tags/t1', { color }],
      ['DELETE', 'https://api.test/v1/tags/t1', undefined],
      ['POST', 'https://api.test/v1/tags/t1/query_template/q1', { name: 'T', color }],
      ['DELETE', 'https://api.test/v1/tags/t1/map/m1', undefined],
      ['POST', 'https://api.test/v1/tags/bulk', { tags: [{ name: 'T', color }], resources: [{ resourceType: 'map', resourceId: 'm1' }] }],
      ['POST', 'https://api.test/v1/tags/bulk/remove', { tagIds: ['t1'], resources: [{ resourceType: 'map', resourceId: 'm1' }] }],
    ]);
  });
});
