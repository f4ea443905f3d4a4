import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(testStores())('tags on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@tags.test', organization: 'Tags Other' });
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const dataset = async (owner = analyst, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type) VALUES ($1, $2, $3, 'Tagged', 'managed')", [id, org, owner]);
    return id;
  };
  const map = async (owner = analyst, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Tagged map')", [id, org, owner]);
    return id;
  };
  const attached = async (resourceId: string) =>
    (
      await h.db.query<{ name: string }>('SELECT t.name FROM resource_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.resource_id = $1 ORDER BY t.name', [resourceId])
    ).map((row) => row.name);
  const tagRow = async (id: string) => (await h.db.query('SELECT * FROM tags WHERE id = $1', [id]))[0];
  const newTag = async (name: string, resourceId?: string, email = 'analyst@example.com') => {
    const response = await call(email, 'POST', '/v1/tags', { name, color: '#112233', resourceType: 'dataset', resourceId: resourceId ?? (await dataset()) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('creates a tag on first use and reuses it (keeping its color) by name, ignoring case', async () => {
    const first = await dataset();
    const second = await map();
    const before = await h.count('tags');
    const created = await call('analyst@example.com', 'POST', '/v1/tags', { name: 'Retail', color: '#AABBCC', resourceType: 'dataset', resourceId: first });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'Retail',
      color: '#aabbcc',
      organizationId: demoOrg,
      resourceId: first,
      resourceType: 'dataset',
      createdAt: ISO,
      updatedAt: ISO,
    });
    const reused = await call('analyst@example.com', 'POST', '/v1/tags', { name: 'RETAIL', color: '#000000', resourceType: 'map', resourceId: second });
    expect(reused.statusCode).toBe(201);
    expect(reused.json()).toEqual({ ...created.json(), resourceId: second, resourceType: 'map' });
    expect(await h.count('tags')).toBe(before + 1);
    expect(await attached(first)).toEqual(['Retail']);
    expect(await attached(second)).toEqual(['Retail']);
    const again = await call('analyst@example.com', 'POST', '/v1/tags', { name: 'retail', color: '#000000', resourceType: 'map', resourceId: second });
    expect(again.statusCode).toBe(201);
    expect(await attached(second)).toEqual(['Retail']);

    const shown = await call('analyst@example.com', 'GET', `/v1/datasets/${first}`);
    expect(shown.json().tags).toEqual([{ id: created.json().id, name: 'Retail', color: '#aabbcc' }]);
  });

  it('needs write on the resource and a type the access check knows, storing nothing otherwise', async () => {
    const demoDataset = await dataset();
    const before = [await h.count('tags'), await h.count('resource_tags')];
    const cases: Array<[string, object, number, object]> = [
      ['viewer', { resourceType: 'dataset', resourceId: demoDataset }, 403, { message: 'You do not have write permission on this dataset', details: `dataset ${demoDataset}`, appStatusCode: 'FORBIDDEN' }],
      ['outsider', { resourceType: 'dataset', resourceId: demoDataset }, 404, { message: 'Dataset not found', details: `No dataset with id ${demoDataset}`, appStatusCode: 'NOT_FOUND' }],
      ['analyst', { resourceType: 'data-connection', resourceId: demoDataset }, 404, { message: 'Data connection not found', details: `No data connection with id ${demoDataset}`, appStatusCode: 'NOT_FOUND' }],
      ['analyst', { resourceType: 'query-template', resourceId: demoDataset }, 404, { message: 'Query template not found' }],
      ['analyst', { resourceType: 'widget', resourceId: demoDataset }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
      ['analyst', { resourceType: 'dataset', resourceId: 'x' }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
      ['analyst', { resourceType: 'dataset', resourceId: demoDataset, color: 'red' }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
      ['analyst', { resourceType: 'dataset', resourceId: demoDataset, extra: true }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
    ];
    const emails: Record<string, string> = { viewer: 'viewer@example.com', outsider: outsider.email, analyst: 'analyst@example.com' };
    for (const [who, payload, status, body] of cases) {
      const response = await call(emails[who]!, 'POST', '/v1/tags', { name: 'Nope', color: '#123456', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject(body);
    }
    expect([await h.count('tags'), await h.count('resource_tags')]).toEqual(before);
  });

  it('counts in usageCount only the tagged resources the caller can read', async () => {
    // The analyst, an editor of an outsider's private map, tags it with a Demo tag; other Demo members cannot read that map.
    const foreign = await map(outsider.id, outsider.organizationId);
    await h.db.query('INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)', [
      randomUUID(),
      'map',
      foreign,
      'user',
      analyst,
      'editor',
    ]);
    const tag = await newTag('Across');
    expect((await call('analyst@example.com', 'POST', `/v1/tags/${tag.id}/map/${foreign}`, { name: 'Across', color: '#112233' })).statusCode).toBe(200);
    const usage = async (email: string) => (await call(email, 'GET', '/v1/tags')).json().items.find((t: { id: string }) => t.id === tag.id).usageCount;
    expect(await usage('analyst@example.com')).toBe(2);
    expect(await usage('viewer@example.com')).toBe(1);
  });

  it('lists the organization tags with usage counts, and per resource type with readable ids', async () => {
    const shared = await dataset();
    const own = await dataset(outsider.id, outsider.organizationId);
    const tag = await newTag('Counted', shared);
    await call('analyst@example.com', 'POST', '/v1/tags', { name: 'Counted', color: '#112233', resourceType: 'map', resourceId: await map() });
    const unused = (await call('analyst@example.com', 'PUT', `/v1/tags/${tag.id}`, { color: '#445566' })).json();

    const list = (await call('viewer@example.com', 'GET', '/v1/tags')).json();
    expect(list.items.find((t: { id: string }) => t.id === tag.id)).toEqual({ ...unused, usageCount: 2 });
    expect(list.items.every((t: { organizationId: string }) => t.organizationId === demoOrg)).toBe(true);
    expect((await call(outsider.email, 'GET', '/v1/tags')).json()).toEqual({ items: [] });

    const outsiderTag = await newTag('Mine', own, outsider.email);
    expect((await call(outsider.email, 'GET', '/v1/tags')).json()).toEqual({ items: [{ ...outsiderTag, resourceId: undefined, resourceType: undefined, usageCount: 1 }] });

    const byType = (await call('viewer@example.com', 'GET', '/v1/tags/for-organization?resourceType=dataset')).json();
    expect(byType.items.find((t: { id: string }) => t.id === tag.id)).toEqual({ ...unused, resourceType: 'dataset', resourceIds: [shared] });
    // A tag on a resource the caller cannot read does not reveal the resource.
    await h.db.query('INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, $2, $3)', [tag.id, 'dataset', own]);
    const again = (await call('viewer@example.com', 'GET', '/v1/tags/for-organization?resourceType=dataset')).json();
    expect(again.items.find((t: { id: string }) => t.id === tag.id).resourceIds).toEqual([shared]);
    expect((await call('viewer@example.com', 'GET', '/v1/tags/for-organization?resourceType=query-template')).json()).toEqual({ items: [] });
    expect((await call('viewer@example.com', 'GET', '/v1/tags/for-organization')).statusCode).toBe(400);
  });

  it('renames and recolors for makers of the organization only', async () => {
    const tag = await newTag('Before');
    await newTag('Taken');
    const url = `/v1/tags/${tag.id}`;
    const renamed = await call('analyst@example.com', 'PUT', url, { name: 'After', color: '#ABCDEF' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: tag.id, name: 'After', color: '#abcdef', organizationId: demoOrg, createdAt: tag.createdAt, updatedAt: ISO });

    const before = await tagRow(tag.id);
    const taken = await call('analyst@example.com', 'PUT', url, { name: 'TAKEN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A tag with this name already exists', details: 'Tag name TAKEN', appStatusCode: 'CONFLICT' });
    const viewer = await call('viewer@example.com', 'PUT', url, { name: 'X' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: 'A viewer seat cannot change tags', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
    const other = await call(outsider.email, 'PUT', url, { name: 'X' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Tag not found', details: `No tag with id ${tag.id} in your organization`, appStatusCode: 'NOT_FOUND' });
    expect((await call('analyst@example.com', 'PUT', url, {})).statusCode).toBe(400);
    expect((await call('analyst@example.com', 'PUT', url, { name: 'Y', organizationId: outsider.organizationId })).statusCode).toBe(400);
    expect((await call('analyst@example.com', 'PUT', '/v1/tags/nope', { name: 'Y' })).statusCode).toBe(400);
    expect(await tagRow(tag.id)).toEqual(before);
  });

  it('deletes a tag, detaching it everywhere', async () => {
    const resource = await dataset();
    const tag = await newTag('Doomed', resource);
    expect((await call('viewer@example.com', 'DELETE', `/v1/tags/${tag.id}`)).statusCode).toBe(403);
    expect((await call(outsider.email, 'DELETE', `/v1/tags/${tag.id}`)).statusCode).toBe(404);
    expect(await attached(resource)).toEqual(['Doomed']);
    expect((await call('analyst@example.com', 'DELETE', `/v1/tags/${tag.id}`)).statusCode).toBe(204);
    expect(await tagRow(tag.id)).toBeUndefined();
    expect(await attached(resource)).toEqual([]);
    expect((await call('analyst@example.com', 'DELETE', `/v1/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it('attaches by tag id (updating name and color) and detaches, bumping nothing on the resource', async () => {
    const tag = await newTag('Attach me');
    const resource = await map();
    const stamp = (await h.db.query<{ updated_at: Date }>('SELECT updated_at FROM records WHERE id = $1', [resource]))[0]!.updated_at;
    const url = `/v1/tags/${tag.id}/map/${resource}`;
    const response = await call('analyst@example.com', 'POST', url, { name: 'Attached', color: '#FFFFFF' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...tag, name: 'Attached', color: '#ffffff', resourceId: resource, resourceType: 'map', updatedAt: ISO });
    expect(await attached(resource)).toEqual(['Attached']);
    expect((await h.db.query<{ updated_at: Date }>('SELECT updated_at FROM records WHERE id = $1', [resource]))[0]!.updated_at).toEqual(stamp);

    expect((await call('viewer@example.com', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('analyst@example.com', 'DELETE', url)).statusCode).toBe(204);
    expect(await attached(resource)).toEqual([]);
    const again = await call('analyst@example.com', 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Tag is not attached to this resource', details: `Tag ${tag.id} on map ${resource}`, appStatusCode: 'NOT_FOUND' });
  });

  it('maps snake_case path types and refuses unsupported, unknown and foreign ones', async () => {
    const tag = await newTag('Paths');
    const id = randomUUID();
    const template = await call('analyst@example.com', 'POST', `/v1/tags/${tag.id}/query_template/${id}`, { name: 'Paths', color: '#112233' });
    // query_template is the spec's path spelling of query-template; an unknown template is simply not found.
    expect(template.statusCode).toBe(404);
    expect(template.json().message).toBe('Query template not found');
    expect((await call('analyst@example.com', 'DELETE', `/v1/tags/${tag.id}/query_template/${id}`)).statusCode).toBe(404);
    expect((await call('analyst@example.com', 'POST', `/v1/tags/${tag.id}/widget/${id}`, { name: 'Paths', color: '#112233' })).statusCode).toBe(400);

    const asset = randomUUID();
    await h.db.query("INSERT INTO map_assets (id, organization_id, owner_id, type, name) VALUES ($1, $2, $3, 'map-style', 'S')", [asset, demoOrg, analyst]);
    const snake = await call('analyst@example.com', 'POST', `/v1/tags/${tag.id}/map_asset/${asset}`, { name: 'Paths', color: '#112233' });
    expect(snake.statusCode).toBe(200);
    expect(snake.json().resourceType).toBe('map-asset');

    const foreignTag = await newTag('Foreign', await dataset(outsider.id, outsider.organizationId), outsider.email);
    const before = await tagRow(foreignTag.id);
    const foreign = await call('analyst@example.com', 'POST', `/v1/tags/${foreignTag.id}/map_asset/${asset}`, { name: 'Stolen', color: '#000000' });
    expect(foreign.statusCode).toBe(404);
    expect(await tagRow(foreignTag.id)).toEqual(before);
  });
});
