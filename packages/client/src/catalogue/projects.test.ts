import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { recordingRequest } from '../test-support.js';
import { createProjectsApi } from './projects.js';

function setup() {
  const { request, calls } = recordingRequest();
  return { api: createProjectsApi(request), calls };
}

describe('project calls', () => {
  it('hits the project, thumbnail and folder paths', async () => {
    const { api, calls } = setup();
    await api.list({ limit: 2 });
    await api.forOrganization();
    await api.get('p1');
    await api.create({ name: 'P' });
    await api.update('p1', { description: 'D' });
    await api.remove('p1');
    await api.thumbnailUploadPolicy('p1', { contentType: 'image/png' });
    await api.createFolder('p1', { name: 'F', parentId: null });
    await api.updateFolder('p1', 'f1', { parentId: 'f2' });
    await api.removeFolder('p1', 'f1');
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/projects?limit=2', undefined],
      ['GET', 'https://api.test/v1/projects/for-organization', undefined],
      ['GET', 'https://api.test/v1/projects/p1', undefined],
      ['POST', 'https://api.test/v1/projects', { name: 'P' }],
      ['PUT', 'https://api.test/v1/projects/p1', { description: 'D' }],
      ['DELETE', 'https://api.test/v1/projects/p1', undefined],
      ['PUT', 'https://api.test/v1/projects/p1/thumbnail', { contentType: 'image/png' }],
      ['POST', 'https://api.test/v1/projects/p1/folders', { name: 'F', parentId: null }],
      ['PUT', 'https://api.test/v1/projects/p1/folders/f1', { parentId: 'f2' }],
      ['DELETE', 'https://api.test/v1/projects/p1/folders/f1', undefined],
    ]);
  });

  it('hits the resource paths', async () => {
    const { api, calls } = setup();
    await api.resources('p1');
    await api.rootResources('p1');
    await api.folderResources('p1', 'f1');
    await api.saveResource('p1', { resourceType: 'map-style', resourceId: 'a1' });
    await api.saveResource('p1', { id: 'e1', resourceType: 'map', resourceId: 'm1', folderId: 'f1' });
    await api.moveResource('p1', 'e1', { folderId: null });
    await api.removeResource('p1', 'e1');
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/projects/p1/resources', undefined],
      ['GET', 'https://api.test/v1/projects/p1/folders/root/resources', undefined],
      ['GET', 'https://api.test/v1/projects/p1/folders/f1/resources', undefined],
      ['POST', 'https://api.test/v1/projects/p1/resources', { resourceType: 'map-style', resourceId: 'a1' }],
      ['POST', 'https://api.test/v1/projects/p1/resources', { id: 'e1', resourceType: 'map', resourceId: 'm1', folderId: 'f1' }],
      ['PUT', 'https://api.test/v1/projects/p1/resources/e1', { folderId: null }],
      ['DELETE', 'https://api.test/v1/projects/p1/resources/e1', undefined],
    ]);
  });

  it('reads the thumbnail as a blob', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    const { request } = createHttp({ baseUrl: '', fetch: fetch as unknown as typeof globalThis.fetch });
    const blob = await createProjectsApi(request).thumbnail('p1');
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
