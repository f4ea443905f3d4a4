import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoIds, OWNER_ACTIONS, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(testStores())('projects and folders on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@projects.test', organization: 'Projects Other' });
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (email = 'analyst@example.com', payload: object = {}) => {
    const response = await call(email, 'POST', '/v1/projects', { name: `Project ${randomUUID().slice(0, 8)}`, ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const folder = async (projectId: string, name: string, parentId?: string | null, email = 'analyst@example.com') => {
    const response = await call(email, 'POST', `/v1/projects/${projectId}/folders`, { name, ...(parentId === undefined ? {} : { parentId }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const grant = (id: string, userIdValue: string, role: string) =>
    h.db.query("INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, 'project', $2, 'user', $3, $4)", [
      randomUUID(),
      id,
      userIdValue,
      role,
    ]);
  const projectRow = async (id: string) => (await h.db.query('SELECT * FROM projects WHERE id = $1', [id]))[0];
  const folderRows = async (projectId: string) => h.db.query('SELECT * FROM project_folders WHERE project_id = $1 ORDER BY created_at, id', [projectId]);

  it('creates a project and answers it exactly', async () => {
    const response = await call('analyst@example.com', 'POST', '/v1/projects', { name: 'Retail', description: 'Stores' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Retail',
      description: 'Stores',
      folders: [],
      ownerId: analyst,
      organizationId: demoOrg,
      visibility: 'private',
      thumbnailSignedPostPolicy: null,
      actions: OWNER_ACTIONS,
      createdAt: ISO,
      updatedAt: ISO,
    });
    // A viewer seat of the organization reads it and is told so.
    expect((await call('viewer@example.com', 'GET', `/v1/projects/${body.id}`)).json()).toEqual({ ...body, actions: ['read', 'download'] });
  });

  it.each([
    ['a viewer seat', 'viewer@example.com', { name: 'No' }, 403],
    ['an unknown field', 'analyst@example.com', { name: 'No', folders: [] }, 400],
    ['an empty name', 'analyst@example.com', { name: '' }, 400],
  ])('refuses creation by %s and stores nothing', async (_, email, payload, status) => {
    const before = await h.count('projects');
    const response = await call(email, 'POST', '/v1/projects', payload);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ message: 'A viewer seat cannot create projects', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
    else expect(response.json()).toMatchObject({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' });
    expect(await h.count('projects')).toBe(before);
  });

  it('hides projects of other organizations and applies grants', async () => {
    const project = await create();
    const hidden = await call(outsider.email, 'GET', `/v1/projects/${project.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Project not found', details: `No project with id ${project.id}`, appStatusCode: 'NOT_FOUND' });
    expect((await call(outsider.email, 'PUT', `/v1/projects/${project.id}`, { name: 'X' })).statusCode).toBe(404);

    const member = await call('admin@example.com', 'PUT', `/v1/projects/${project.id}`, { name: 'X' });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: 'You do not have write permission on this project', details: `project ${project.id}`, appStatusCode: 'FORBIDDEN' });

    await grant(project.id, outsider.id, 'limited-viewer');
    expect((await call(outsider.email, 'GET', `/v1/projects/${project.id}`)).statusCode).toBe(200);
    expect((await call(outsider.email, 'POST', `/v1/projects/${project.id}/folders`, { name: 'F' })).statusCode).toBe(403);
    await h.db.query("UPDATE permissions SET role = 'editor' WHERE resource_id = $1", [project.id]);
    const edited = await call(outsider.email, 'PUT', `/v1/projects/${project.id}`, { description: 'By editor' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: project.id, name: project.name, description: 'By editor', ownerId: analyst });
    expect((await projectRow(project.id))?.name).toBe(project.name);
  });

  it('lists own and organization projects', async () => {
    const own = await create(outsider.email, { name: 'Outsider alpha' });
    const own2 = await create(outsider.email, { name: 'Outsider beta' });
    const mine = (await call(outsider.email, 'GET', '/v1/projects?search=outsider')).json();
    expect(mine.total).toBe(2);
    expect(mine.items.map((p: { id: string }) => p.id).sort()).toEqual([own.id, own2.id].sort());
    const paged = (await call(outsider.email, 'GET', '/v1/projects?search=outsider&limit=1&offset=1')).json();
    expect(paged).toEqual({ items: [expect.objectContaining({ ownerId: outsider.id })], total: 2 });
    const organization = (await call('viewer@example.com', 'GET', '/v1/projects/for-organization')).json();
    expect(organization.items.length).toBeGreaterThan(0);
    expect(organization.items.every((p: { organizationId: string }) => p.organizationId === demoOrg)).toBe(true);
    expect((await call('viewer@example.com', 'GET', '/v1/projects')).json()).toEqual({ items: [], total: 0 });
    expect((await call('viewer@example.com', 'GET', '/v1/projects?limit=0')).statusCode).toBe(400);
  });

  it.each([
    ['an unknown field', { visibility: 'public_read' }],
    ['an empty body', {}],
  ])('refuses %s on update with 400 and changes nothing', async (_, payload) => {
    const project = await create();
    const before = await projectRow(project.id);
    const response = await call('analyst@example.com', 'PUT', `/v1/projects/${project.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    expect(await projectRow(project.id)).toEqual(before);
  });

  it('updates a project', async () => {
    const project = await create();
    const response = await call('analyst@example.com', 'PUT', `/v1/projects/${project.id}`, { name: 'Renamed', description: 'New' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...project, name: 'Renamed', description: 'New', updatedAt: ISO });
  });

  it('deletes a project with its folders, entries and grants', async () => {
    const project = await create();
    const root = await folder(project.id, 'Root');
    await h.db.query("INSERT INTO project_resources (id, project_id, folder_id, resource_type, resource_id) VALUES ($1, $2, $3, 'map', $4)", [
      randomUUID(),
      project.id,
      root.id,
      randomUUID(),
    ]);
    await grant(project.id, outsider.id, 'viewer');
    expect((await call(outsider.email, 'DELETE', `/v1/projects/${project.id}`)).statusCode).toBe(403);
    const response = await call('analyst@example.com', 'DELETE', `/v1/projects/${project.id}`);
    expect(response.statusCode).toBe(204);
    expect(await projectRow(project.id)).toBeUndefined();
    expect(await folderRows(project.id)).toEqual([]);
    expect(await h.db.query('SELECT 1 FROM project_resources WHERE project_id = $1', [project.id])).toEqual([]);
    expect(await h.db.query('SELECT 1 FROM permissions WHERE resource_id = $1', [project.id])).toEqual([]);
    expect((await call('analyst@example.com', 'DELETE', `/v1/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for bad uuids', async () => {
    for (const url of ['/v1/projects/nope', '/v1/projects/nope/resources', `/v1/projects/${randomUUID()}/folders/nope/resources`]) {
      const response = await call('analyst@example.com', 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('Invalid request path parameter');
    }
  });

  describe('thumbnail', () => {
    it.each(['PUT', 'POST'] as const)('hands out an upload policy with %s', async (method) => {
      const project = await create();
      const response = await call('analyst@example.com', method, `/v1/projects/${project.id}/thumbnail`, { contentType: 'image/webp' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        thumbnailSignedPostPolicy: {
          url: expect.any(String),
          fields: { key: `thumbnails/project/${project.id}`, 'Content-Type': 'image/webp', policy: expect.any(String), signature: expect.any(String) },
          expiration: ISO,
        },
      });
    });

    it('refuses other content types, readers and outsiders', async () => {
      const project = await create();
      const url = `/v1/projects/${project.id}/thumbnail`;
      const gif = await call('analyst@example.com', 'PUT', url, { contentType: 'image/gif' });
      expect(gif.statusCode).toBe(400);
      expect((await call('viewer@example.com', 'PUT', url, { contentType: 'image/png' })).statusCode).toBe(403);
      expect((await call(outsider.email, 'PUT', url, { contentType: 'image/png' })).statusCode).toBe(404);
      expect((await projectRow(project.id))?.thumbnail_key).toBeNull();
    });

    it('streams the uploaded image, 404 before', async () => {
      const project = await create();
      const url = `/v1/projects/${project.id}/thumbnail`;
      const missing = await call('viewer@example.com', 'GET', url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Thumbnail not found', details: `Project ${project.id} has no uploaded thumbnail`, appStatusCode: 'NOT_FOUND' });
      await call('analyst@example.com', 'PUT', url, { contentType: 'image/png' });
      expect((await call('viewer@example.com', 'GET', url)).statusCode).toBe(404);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      await h.blobs.write(`thumbnails/project/${project.id}`, png, 'image/png');
      const image = await call('viewer@example.com', 'GET', url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload).toEqual(png);
      expect((await call(outsider.email, 'GET', url)).statusCode).toBe(404);
    });
  });

  describe('folders', () => {
    it('creates nested folders shown on the project', async () => {
      const project = await create();
      const top = await folder(project.id, 'Top');
      expect(top).toEqual({ id: expect.any(String), name: 'Top', parentId: null, createdAt: ISO, updatedAt: ISO });
      const child = await folder(project.id, 'Child', top.id);
      expect(child.parentId).toBe(top.id);
      const read = (await call('analyst@example.com', 'GET', `/v1/projects/${project.id}`)).json();
      expect(read.folders).toEqual([top, child]);
    });

    it('refuses a parent from another project (422) and unknown fields (400), storing nothing', async () => {
      const project = await create();
      const other = await create();
      const foreign = await folder(other.id, 'Foreign');
      const before = await h.count('project_folders');
      const response = await call('analyst@example.com', 'POST', `/v1/projects/${project.id}/folders`, { name: 'X', parentId: foreign.id });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'Folder is not in this project', details: `No folder ${foreign.id} in project ${project.id}`, appStatusCode: 'INVALID_INPUT' });
      expect((await call('analyst@example.com', 'POST', `/v1/projects/${project.id}/folders`, { name: 'X', color: 'red' })).statusCode).toBe(400);
      expect((await call('viewer@example.com', 'POST', `/v1/projects/${project.id}/folders`, { name: 'X' })).statusCode).toBe(403);
      expect(await h.count('project_folders')).toBe(before);
    });

    it('renames and moves a folder, never into itself or below itself', async () => {
      const project = await create();
      const a = await folder(project.id, 'A');
      const b = await folder(project.id, 'B', a.id);
      const c = await folder(project.id, 'C', b.id);
      const url = (id: string) => `/v1/projects/${project.id}/folders/${id}`;

      const renamed = await call('analyst@example.com', 'PUT', url(b.id), { name: 'B2' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ ...b, name: 'B2', updatedAt: ISO });

      const before = await folderRows(project.id);
      for (const parentId of [a.id, b.id, c.id]) {
        const cycle = await call('analyst@example.com', 'PUT', url(a.id), { parentId });
        expect(cycle.statusCode, parentId).toBe(422);
        expect(cycle.json()).toEqual({
          message: 'A folder cannot move into itself or one of its subfolders',
          details: `Folder ${a.id} is ${parentId} or one of its parents`,
          appStatusCode: 'INVALID_INPUT',
        });
      }
      expect(await folderRows(project.id)).toEqual(before);

      const toTop = await call('analyst@example.com', 'PUT', url(c.id), { parentId: null });
      expect(toTop.json()).toMatchObject({ id: c.id, parentId: null, name: 'C' });
      const under = await call('analyst@example.com', 'PUT', url(a.id), { parentId: c.id });
      expect(under.json()).toMatchObject({ id: a.id, parentId: c.id });
      expect((await call('analyst@example.com', 'PUT', url(randomUUID()), { name: 'X' })).statusCode).toBe(404);
      expect((await call('analyst@example.com', 'PUT', url(a.id), {})).statusCode).toBe(400);
    });

    it('deletes a folder with its subfolders and the entries filed in them', async () => {
      const project = await create();
      const a = await folder(project.id, 'A');
      const b = await folder(project.id, 'B', a.id);
      const keep = await folder(project.id, 'Keep');
      const entry = (folderId: string | null) =>
        h.db.query("INSERT INTO project_resources (id, project_id, folder_id, resource_type, resource_id) VALUES ($1, $2, $3, 'map', $4)", [
          randomUUID(),
          project.id,
          folderId,
          randomUUID(),
        ]);
      await entry(a.id);
      await entry(b.id);
      await entry(keep.id);
      await entry(null);

      expect((await call('viewer@example.com', 'DELETE', `/v1/projects/${project.id}/folders/${a.id}`)).statusCode).toBe(403);
      const response = await call('analyst@example.com', 'DELETE', `/v1/projects/${project.id}/folders/${a.id}`);
      expect(response.statusCode).toBe(204);
      expect((await folderRows(project.id)).map((row) => row.id)).toEqual([keep.id]);
      const left = await h.db.query<{ folder_id: string | null }>('SELECT folder_id FROM project_resources WHERE project_id = $1 ORDER BY folder_id', [project.id]);
      expect(left.map((row) => row.folder_id)).toEqual([keep.id, null]);
      const again = await call('analyst@example.com', 'DELETE', `/v1/projects/${project.id}/folders/${a.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Folder not found', details: `No folder ${a.id} in project ${project.id}`, appStatusCode: 'NOT_FOUND' });
    });
  });
});
