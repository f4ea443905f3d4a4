import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
import { createPermissionsApi } from './permissions.js';

function setup() {
  const { request, calls } = recordingRequest();
  return { api: createPermissionsApi(request), calls };
}

describe('permissions calls', () => {
  it('hits the spec paths with admin mode only when asked', async () => {
    const { api, calls } = setup();
    await api.list('map', 'm1');
    await api.list('dataset', 'd1', { isAdmin: true });
    await api.create({ resourceType: 'map', resourceId: 'm1', granteeType: 'email', granteeId: 'a@b.c', role: 'viewer' });
    await api.update('p1', { role: 'editor' });
    await api.remove('p1');
    await api.bulk({ resourceType: 'map', resourceId: 'm1', visibility: 'public_read' });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/permissions/map/m1', undefined],
      ['GET', 'https://api.test/v1/permissions/dataset/d1?isAdmin=true', undefined],
      ['POST', 'https://api.test/v1/permissions', { resourceType: 'map', resourceId: 'm1', granteeType: 'email', granteeId: 'a@b.c', role: 'viewer' }],
      ['PUT', 'https://api.test/v1/permissions/p1', { role: 'editor' }],
      ['DELETE', 'https://api.test/v1/permissions/p1', undefined],
      ['POST', 'https://api.test/v1/permissions/bulk', { resourceType: 'map', resourceId: 'm1', visibility: 'public_read' }],
    ]);
  });
});
