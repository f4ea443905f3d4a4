import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('bulk tagging on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@bulk-tags.test', organization: 'Bulk Other' });
  });

  const post = async (email: string, url: string, payload: object) => h.app.inject({ method: 'POST', url, headers: await h.auth(email), payload });
  const dataset = async (owner = analyst, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type) VALUES ($1, $2, $3, 'Bulk', 'managed')", [id, org, owner]);
    return id;
  };
  const map = async () => {
    const id = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Bulk map')", [id, demoOrg, analyst]);
    return id;
  };
  const attached = async (resourceId: string) =>
    (
      await h.db.query<{ name: string }>('SELECT t.name FROM resource_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.resource_id = $1 ORDER BY t.name', [resourceId])
    ).map((row) => row.name);

  it('tags each resource on its own, reporting per-resource errors', async () => {
    const mine = await dataset();
    const myMap = await map();
    const foreign = await dataset(outsider.id, outsider.organizationId);
    const connection = randomUUID();
    const before = await h.count('tags');
    const response = await post('analyst@example.com', '/v1/tags/bulk', {
      tags: [{ name: 'Bulk A', color: '#0000FF' }, { name: 'Bulk B', color: '#00ff00' }, { name: 'bulk a', color: '#ff0000' }],
      resources: [
        { resourceType: 'dataset', resourceId: mine },
        { resourceType: 'dataset', resourceId: foreign },
        { resourceType: 'data-connection', resourceId: connection },
        { resourceType: 'map', resourceId: myMap },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { resourceType: 'dataset', resourceId: mine, ok: true },
        { resourceType: 'dataset', resourceId: foreign, ok: false, error: { message: 'Dataset not found', appStatusCode: 'NOT_FOUND', details: `No dataset with id ${foreign}` } },
        { resourceType: 'data-connection', resourceId: connection, ok: false, error: { message: 'Data connection not found', appStatusCode: 'NOT_FOUND', details: `No data connection with id ${connection}` } },
        { resourceType: 'map', resourceId: myMap, ok: true },
      ],
    });
    expect(await attached(mine)).toEqual(['Bulk A', 'Bulk B']);
    expect(await attached(myMap)).toEqual(['Bulk A', 'Bulk B']);
    expect(await attached(foreign)).toEqual([]);
    expect(await attached(connection)).toEqual([]);
    expect(await h.count('tags')).toBe(before + 2);
    const colors = await h.db.query<{ name: string; color: string }>("SELECT name, color FROM tags WHERE organization_id = $1 AND name LIKE 'Bulk %' ORDER BY name", [demoOrg]);
    expect(colors).toEqual([{ name: 'Bulk A', color: '#0000ff' }, { name: 'Bulk B', color: '#00ff00' }]);
  });

  it('reports FORBIDDEN for every resource of a viewer seat and creates no tag', async () => {
    const resource = await dataset();
    const before = await h.count('tags');
    const response = await post('viewer@example.com', '/v1/tags/bulk', { tags: [{ name: 'Viewer tag', color: '#000000' }], resources: [{ resourceType: 'dataset', resourceId: resource }] });
    expect(response.json()).toEqual({
      results: [{ resourceType: 'dataset', resourceId: resource, ok: false, error: { message: 'You do not have write permission on this dataset', appStatusCode: 'FORBIDDEN', details: `dataset ${resource}` } }],
    });
    expect(await h.count('tags')).toBe(before);
  });

  it.each([
    ['no tags', () => ({ tags: [], resources: [{ resourceType: 'map', resourceId: randomUUID() }] })],
    ['too many tags', () => ({ tags: Array.from({ length: 51 }, (_, i) => ({ name: `t${i}`, color: '#000000' })), resources: [{ resourceType: 'map', resourceId: randomUUID() }] })],
    ['no resources', () => ({ tags: [{ name: 'x', color: '#000000' }], resources: [] })],
    ['too many resources', () => ({ tags: [{ name: 'x', color: '#000000' }], resources: Array.from({ length: 501 }, () => ({ resourceType: 'map', resourceId: randomUUID() })) })],
    ['an unknown field', () => ({ tags: [{ name: 'x', color: '#000000' }], resources: [{ resourceType: 'map', resourceId: randomUUID(), note: 1 }] })],
  ])('refuses %s with 400', async (_, payload) => {
    const before = [await h.count('tags'), await h.count('resource_tags')];
    const response = await post('analyst@example.com', '/v1/tags/bulk', payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' });
    expect([await h.count('tags'), await h.count('resource_tags')]).toEqual(before);
  });

  it('detaches tags from many resources, reporting per-resource errors', async () => {
    const first = await dataset();
    const second = await map();
    const foreign = await dataset(outsider.id, outsider.organizationId);
    await post('analyst@example.com', '/v1/tags/bulk', {
      tags: [{ name: 'Remove 1', color: '#000000' }, { name: 'Remove 2', color: '#000000' }, { name: 'Keep', color: '#000000' }],
      resources: [{ resourceType: 'dataset', resourceId: first }, { resourceType: 'map', resourceId: second }],
    });
    const tags = await h.db.query<{ id: string; name: string }>("SELECT id, name FROM tags WHERE organization_id = $1 AND name IN ('Remove 1', 'Remove 2')", [demoOrg]);
    const tagIds = tags.map((tag) => tag.id);

    const response = await post('analyst@example.com', '/v1/tags/bulk/remove', {
      tagIds,
      resources: [
        { resourceType: 'dataset', resourceId: first },
        { resourceType: 'dataset', resourceId: foreign },
        { resourceType: 'map', resourceId: second },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { resourceType: 'dataset', resourceId: first, ok: true },
        { resourceType: 'dataset', resourceId: foreign, ok: false, error: { message: 'Dataset not found', appStatusCode: 'NOT_FOUND', details: `No dataset with id ${foreign}` } },
        { resourceType: 'map', resourceId: second, ok: true },
      ],
    });
    expect(await attached(first)).toEqual(['Keep']);
    expect(await attached(second)).toEqual(['Keep']);
  });

  it('refuses to detach tags of another organization (404) and changes nothing', async () => {
    const resource = await dataset();
    await post('analyst@example.com', '/v1/tags/bulk', { tags: [{ name: 'Stays', color: '#000000' }], resources: [{ resourceType: 'dataset', resourceId: resource }] });
    const own = (await h.db.query<{ id: string }>("SELECT id FROM tags WHERE organization_id = $1 AND name = 'Stays'", [demoOrg]))[0]!.id;
    const missing = randomUUID();
    const before = await h.count('resource_tags');
    const response = await post(outsider.email, '/v1/tags/bulk/remove', { tagIds: [own], resources: [{ resourceType: 'dataset', resourceId: resource }] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Tag not found', details: `No tag with id ${own} in your organization`, appStatusCode: 'NOT_FOUND' });
    const unknown = await post('analyst@example.com', '/v1/tags/bulk/remove', { tagIds: [own, missing], resources: [{ resourceType: 'dataset', resourceId: resource }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details).toBe(`No tag with id ${missing} in your organization`);
    expect(await h.count('resource_tags')).toBe(before);
    expect(await attached(resource)).toEqual(['Stays']);
  });
});
