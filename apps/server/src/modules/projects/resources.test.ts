import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(testStores())('project resources on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;
  const ids = { map: '', insight: '', dataset: '', style: '', palette: '', outsiderMap: '', publicDataset: '' };

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@project-resources.test', organization: 'Resources Other' });
    for (const key of Object.keys(ids) as Array<keyof typeof ids>) ids[key] = randomUUID();
    const record = (id: string, kind: string, name: string, org = demoOrg, owner = analyst) =>
      h.db.query('INSERT INTO records (id, kind, organization_id, owner_id, name, description) VALUES ($1, $2, $3, $4, $5, $6)', [id, kind, org, owner, name, `${name} text`]);
    await record(ids.map, 'map', 'Map one');
    await record(ids.insight, 'insight', 'Insight one');
    await record(ids.outsiderMap, 'map', 'Outsider map', outsider.organizationId, outsider.id);
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type, status) VALUES ($1, $2, $3, 'Dataset one', 'sql', 'ready')", [
      ids.dataset,
      demoOrg,
      analyst,
    ]);
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type, visibility) VALUES ($1, $2, $3, 'Public one', 'managed', 'public_read')", [
      ids.publicDataset,
      demoOrg,
      analyst,
    ]);
    const asset = (id: string, type: string, name: string) =>
      h.db.query('INSERT INTO map_assets (id, organization_id, owner_id, type, name) VALUES ($1, $2, $3, $4, $5)', [id, demoOrg, analyst, type, name]);
    await asset(ids.style, 'map-style', 'Style one');
    await asset(ids.palette, 'color-palette', 'Palette one');
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const newProject = async () => (await call('analyst@example.com', 'POST', '/v1/projects', { name: 'Holder' })).json() as { id: string; updatedAt: string };
  const newFolder = async (projectId: string, name = 'F') => (await call('analyst@example.com', 'POST', `/v1/projects/${projectId}/folders`, { name })).json() as { id: string };
  const add = async (projectId: string, payload: object, email = 'analyst@example.com') => call(email, 'POST', `/v1/projects/${projectId}/resources`, payload);
  const entries = async (projectId: string) =>
    h.db.query('SELECT id, folder_id, resource_type, resource_id, updated_at FROM project_resources WHERE project_id = $1 ORDER BY created_at, id', [projectId]);

  it('adds each resource type without id (201) and lists them with summaries', async () => {
    const project = await newProject();
    const folder = await newFolder(project.id);
    const map = await add(project.id, { resourceType: 'map', resourceId: ids.map });
    expect(map.statusCode).toBe(201);
    expect(map.json()).toEqual({
      id: expect.any(String),
      folderId: null,
      resourceType: 'map',
      resource: { id: ids.map, name: 'Map one', description: 'Map one text', updatedAt: ISO },
      createdAt: ISO,
      updatedAt: ISO,
    });
    const dataset = await add(project.id, { resourceType: 'dataset', resourceId: ids.dataset, folderId: folder.id });
    expect(dataset.json()).toMatchObject({ folderId: folder.id, resourceType: 'dataset', resource: { id: ids.dataset, name: 'Dataset one', description: '', type: 'sql', status: 'ready' } });
    const insight = await add(project.id, { resourceType: 'insight', resourceId: ids.insight, folderId: null });
    expect(insight.json()).toMatchObject({ resourceType: 'insight', resource: { id: ids.insight, name: 'Insight one' } });
    const style = await add(project.id, { resourceType: 'map-style', resourceId: ids.style, folderId: folder.id });
    expect(style.statusCode).toBe(201);
    expect(style.json().resource).toEqual({ id: ids.style, name: 'Style one', description: '', type: 'map-style', updatedAt: ISO });

    const all = (await call('viewer@example.com', 'GET', `/v1/projects/${project.id}/resources`)).json();
    expect(all.items.map((e: { id: string }) => e.id)).toEqual([map.json().id, dataset.json().id, insight.json().id, style.json().id]);
    expect(all.items[0]).toEqual(map.json());
    const root = (await call('analyst@example.com', 'GET', `/v1/projects/${project.id}/folders/root/resources`)).json();
    expect(root.items.map((e: { resourceType: string }) => e.resourceType)).toEqual(['map', 'insight']);
    const inFolder = (await call('analyst@example.com', 'GET', `/v1/projects/${project.id}/folders/${folder.id}/resources`)).json();
    expect(inFolder).toEqual({ items: [dataset.json(), style.json()] });
    const unknownFolder = await call('analyst@example.com', 'GET', `/v1/projects/${project.id}/folders/${randomUUID()}/resources`);
    expect(unknownFolder.statusCode).toBe(404);
    expect(unknownFolder.json().message).toBe('Folder not found');
  });

  it('updates (moves) an entry when the body has an id, answering 200 with the same id', async () => {
    const project = await newProject();
    const folder = await newFolder(project.id);
    const created = (await add(project.id, { resourceType: 'map', resourceId: ids.map })).json();
    const moved = await add(project.id, { id: created.id, resourceType: 'map', resourceId: ids.map, folderId: folder.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...created, folderId: folder.id, updatedAt: ISO });
    expect(await entries(project.id)).toHaveLength(1);

    const unknown = randomUUID();
    const missing = await add(project.id, { id: unknown, resourceType: 'map', resourceId: ids.map });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Project resource not found', details: `No resource ${unknown} in project ${project.id}`, appStatusCode: 'NOT_FOUND' });
    expect(await entries(project.id)).toHaveLength(1);
  });

  it('refuses a duplicate with 409 and changes nothing', async () => {
    const project = await newProject();
    await add(project.id, { resourceType: 'dataset', resourceId: ids.dataset });
    const before = await entries(project.id);
    const duplicate = await add(project.id, { resourceType: 'dataset', resourceId: ids.dataset });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'The resource is already in this project', details: `dataset ${ids.dataset}`, appStatusCode: 'CONFLICT' });
    const other = (await add(project.id, { resourceType: 'map', resourceId: ids.map })).json();
    const retarget = await add(project.id, { id: other.id, resourceType: 'dataset', resourceId: ids.dataset });
    expect(retarget.statusCode).toBe(409);
    expect(await entries(project.id)).toEqual([...before, expect.objectContaining({ id: other.id, resource_type: 'map' })]);
  });

  it.each([
    ['a color palette as a map style', () => ({ resourceType: 'map-style', resourceId: ids.palette }), 400, () => ({ message: 'Asset is not a Map Style', details: `Map asset ${ids.palette}`, appStatusCode: 'BAD_REQUEST' })],
    ['a resource the caller cannot read', () => ({ resourceType: 'map', resourceId: ids.outsiderMap }), 404, () => ({ message: 'Map not found', details: `No map with id ${ids.outsiderMap}`, appStatusCode: 'NOT_FOUND' })],
    ['an unknown resource', () => ({ resourceType: 'insight', resourceId: ids.map }), 404, () => ({ message: 'Insight not found', details: `No insight with id ${ids.map}`, appStatusCode: 'NOT_FOUND' })],
    ['an unknown field', () => ({ resourceType: 'map', resourceId: ids.map, name: 'x' }), 400, () => ({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' })],
    ['an unknown resource type', () => ({ resourceType: 'workbook', resourceId: ids.map }), 400, () => ({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' })],
    ['a bad uuid', () => ({ resourceType: 'map', resourceId: 'x' }), 400, () => ({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' })],
  ])('refuses %s and stores nothing', async (_, payload, status, body) => {
    const project = await newProject();
    const before = await h.count('project_resources');
    const response = await add(project.id, payload());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(body());
    expect(await h.count('project_resources')).toBe(before);
  });

  it('refuses a folder of another project (422), readers (403) and outsiders (404)', async () => {
    const project = await newProject();
    const other = await newProject();
    const foreign = await newFolder(other.id);
    const before = await h.count('project_resources');
    const wrongFolder = await add(project.id, { resourceType: 'map', resourceId: ids.map, folderId: foreign.id });
    expect(wrongFolder.statusCode).toBe(422);
    expect(wrongFolder.json()).toEqual({ message: 'Folder is not in this project', details: `No folder ${foreign.id} in project ${project.id}`, appStatusCode: 'INVALID_INPUT' });
    expect((await add(project.id, { resourceType: 'map', resourceId: ids.map }, 'viewer@example.com')).statusCode).toBe(403);
    expect((await add(project.id, { resourceType: 'map', resourceId: ids.outsiderMap }, outsider.email)).statusCode).toBe(404);
    expect(await h.count('project_resources')).toBe(before);
  });

  it('lists only entries whose resource the caller can read', async () => {
    const project = await newProject();
    for (const [resourceType, resourceId] of [['map', ids.map], ['dataset', ids.dataset], ['dataset', ids.publicDataset]] as const) {
      await add(project.id, { resourceType, resourceId });
    }
    await h.db.query("INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, 'project', $2, 'user', $3, 'viewer')", [
      randomUUID(),
      project.id,
      outsider.id,
    ]);
    const forOutsider = (await call(outsider.email, 'GET', `/v1/projects/${project.id}/resources`)).json();
    expect(forOutsider.items.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([ids.publicDataset]);
    expect((await call('analyst@example.com', 'GET', `/v1/projects/${project.id}/resources`)).json().items).toHaveLength(3);
    expect((await call('viewer@example.com', 'GET', `/v1/projects/${randomUUID()}/resources`)).statusCode).toBe(404);
  });

  it('moves an entry with PUT and removes it with DELETE', async () => {
    const project = await newProject();
    const folder = await newFolder(project.id);
    const created = (await add(project.id, { resourceType: 'insight', resourceId: ids.insight })).json();
    const url = `/v1/projects/${project.id}/resources/${created.id}`;
    const moved = await call('analyst@example.com', 'PUT', url, { folderId: folder.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...created, folderId: folder.id, updatedAt: ISO });
    expect((await call('analyst@example.com', 'PUT', url, { folderId: null })).json().folderId).toBeNull();
    expect((await call('analyst@example.com', 'PUT', url, {})).statusCode).toBe(400);
    expect((await call('analyst@example.com', 'PUT', url, { folderId: null, extra: 1 })).statusCode).toBe(400);
    expect((await call('viewer@example.com', 'PUT', url, { folderId: folder.id })).statusCode).toBe(403);
    expect((await call('analyst@example.com', 'PUT', `/v1/projects/${project.id}/resources/${randomUUID()}`, { folderId: null })).statusCode).toBe(404);

    expect((await call('viewer@example.com', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('analyst@example.com', 'DELETE', url)).statusCode).toBe(204);
    expect(await entries(project.id)).toEqual([]);
    const again = await call('analyst@example.com', 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Project resource not found');
  });

  it("answers 'Could not save project resource' (500) when the database fails while saving, and keeps nothing", async () => {
    const project = await newProject();
    const created = (await add(project.id, { resourceType: 'map', resourceId: ids.map })).json();
    await h.db.exec(`
      CREATE FUNCTION fail_project_resources() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$;
      CREATE TRIGGER fail_project_resources BEFORE INSERT OR UPDATE ON project_resources FOR EACH ROW EXECUTE FUNCTION fail_project_resources();`);
    try {
      const before = await entries(project.id);
      const projectBefore = (await h.db.query('SELECT updated_at FROM projects WHERE id = $1', [project.id]))[0];
      const expected = { message: 'Could not save project resource', details: '', appStatusCode: 'INTERNAL_ERROR' };
      const insert = await add(project.id, { resourceType: 'dataset', resourceId: ids.dataset });
      expect(insert.statusCode).toBe(500);
      expect(insert.json()).toEqual(expected);
      const update = await add(project.id, { id: created.id, resourceType: 'insight', resourceId: ids.insight });
      expect(update.statusCode).toBe(500);
      expect(update.json()).toEqual(expected);
      const move = await call('analyst@example.com', 'PUT', `/v1/projects/${project.id}/resources/${created.id}`, { folderId: null });
      expect(move.statusCode).toBe(500);
      expect(move.json()).toEqual(expected);
      expect(await entries(project.id)).toEqual(before);
      expect((await h.db.query('SELECT updated_at FROM projects WHERE id = $1', [project.id]))[0]).toEqual(projectBefore);
    } finally {
      await h.db.exec('DROP TRIGGER fail_project_resources ON project_resources; DROP FUNCTION fail_project_resources();');
    }
    expect((await add(project.id, { resourceType: 'dataset', resourceId: ids.dataset })).statusCode).toBe(201);
  });
});
