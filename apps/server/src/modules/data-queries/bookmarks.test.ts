import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, OWNER_ACTIONS } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { createDataset, errorOf, type Headers } from '../query/test-support/helpers.js';

describe.each(testStores())('query bookmarks on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let admin: Headers;
  let viewer: Headers;
  let outsider: Headers;
  let templateId: string;
  let datasetId: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => h.app.inject({ method, url, headers, payload });

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    admin = await h.auth('admin@example.com');
    viewer = await h.auth('viewer@example.com');
    await addUser(h.db, { email: 'bookmarks-outsider@example.org', organization: 'Bookmarks Elsewhere' });
    outsider = await h.auth('bookmarks-outsider@example.org');
    datasetId = await createDataset(h, analyst, 'bookmarked');
    templateId = (await call('POST', '/v1/data-queries/templates', analyst, { name: 'T', template: 'SELECT {{n}} AS n', parameters: [{ name: 'n', type: 'integer' }] })).json().id;
  });

  const create = async (headers: Headers, body: object) => {
    const response = await call('POST', '/v1/data-queries/bookmarks', headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('bookmarks a template run and a pipeline (stored in its canonical form)', async () => {
    const run = await create(analyst, { name: 'Run', query: { queryTemplateId: templateId, datasetId, parameters: { n: 3 } } });
    expect(run).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Run',
      description: '',
      query: { queryTemplateId: templateId, datasetId, parameters: { n: 3 } },
      ownerId: expect.any(String),
      organizationId: expect.any(String),
      actions: OWNER_ACTIONS,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const pipeline = await create(analyst, { name: 'Pipe', description: 'limit', query: { pipeline: { type: 'limit', props: { length: 5 }, inputs: [{ type: 'dataset', props: { uuid: datasetId.toUpperCase() } }] } } });
    expect(pipeline.query).toEqual({ pipeline: { type: 'limit', props: { length: 5 }, inputs: [{ type: 'dataset', props: { uuid: datasetId }, inputs: [] }] } });
    expect((await call('GET', `/v1/data-queries/bookmarks/${pipeline.id}`, analyst)).json()).toEqual(pipeline);
  });

  it('refuses bookmarks of things the caller cannot read and invalid pipelines, storing nothing', async () => {
    const before = await h.count('query_bookmarks');
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', outsider, { name: 'x', query: { queryTemplateId: templateId } })).body.message).toBe('Query template not found');
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', outsider, { name: 'x', query: { pipeline: { type: 'dataset', props: { uuid: datasetId } } } })).body.message).toBe('Dataset not found');
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', analyst, { name: 'x', query: { pipeline: { type: 'limit', props: { length: -1 } } } }))).toEqual({
      status: 400,
      body: { message: 'Invalid props for limit node', details: 'length must be an integer greater than 0', appStatusCode: 'BAD_REQUEST' },
    });
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', analyst, { name: 'x', query: { queryTemplateId: templateId, pipeline: {} } })).status).toBe(400);
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', analyst, { name: 'x', query: { queryTemplateId: randomUUID() } })).status).toBe(404);
    expect(errorOf(await call('POST', '/v1/data-queries/bookmarks', viewer, { name: 'x', query: { queryTemplateId: templateId } })).status).toBe(403);
    expect(await h.count('query_bookmarks')).toBe(before);
  });

  it("lists the caller's bookmarks, and the organization's", async () => {
    const mine = await create(analyst, { name: 'Mine', query: { queryTemplateId: templateId } });
    const adminOwn = await create(admin, { name: 'Admin', query: { queryTemplateId: templateId } });
    const own = (await call('GET', '/v1/data-queries/bookmarks?limit=1000', analyst)).json();
    expect(own.items.map((item: { id: string }) => item.id)).toContain(mine.id);
    expect(own.items.map((item: { id: string }) => item.id)).not.toContain(adminOwn.id);
    expect(own.total).toBe(own.items.length);
    const organization = (await call('GET', '/v1/data-queries/bookmarks/for-organization?limit=1000', viewer)).json();
    expect(organization.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([mine.id, adminOwn.id]));
    expect((await call('GET', '/v1/data-queries/bookmarks/for-organization', outsider)).json()).toEqual({ items: [], total: 0 });
    expect((await call('GET', '/v1/data-queries/bookmarks?limit=1', analyst)).json().items).toHaveLength(1);
  });

  it('updates and deletes: the owner only; others of the organization read', async () => {
    const bookmark = await create(analyst, { name: 'Edit me', query: { queryTemplateId: templateId } });
    const updated = await call('PUT', `/v1/data-queries/bookmarks/${bookmark.id}`, analyst, { name: 'Edited', query: { queryTemplateId: templateId, parameters: { n: 1 } } });
    expect(updated.json()).toMatchObject({ name: 'Edited', description: '', query: { queryTemplateId: templateId, parameters: { n: 1 } } });
    expect((await call('GET', `/v1/data-queries/bookmarks/${bookmark.id}`, viewer)).statusCode).toBe(200);
    expect(errorOf(await call('PUT', `/v1/data-queries/bookmarks/${bookmark.id}`, admin, { name: 'x' }))).toEqual({
      status: 403,
      body: { message: 'You do not have write permission on this query bookmark', details: `query-bookmark ${bookmark.id}`, appStatusCode: 'FORBIDDEN' },
    });
    expect(errorOf(await call('PUT', `/v1/data-queries/bookmarks/${bookmark.id}`, outsider, { name: 'x' })).status).toBe(404);
    expect(errorOf(await call('PUT', `/v1/data-queries/bookmarks/${bookmark.id}`, analyst, {})).status).toBe(400);
    expect(errorOf(await call('DELETE', `/v1/data-queries/bookmarks/${bookmark.id}`, viewer)).status).toBe(403);
    expect((await call('GET', `/v1/data-queries/bookmarks/${bookmark.id}`, analyst)).json().name).toBe('Edited');
    expect((await call('DELETE', `/v1/data-queries/bookmarks/${bookmark.id}`, analyst)).statusCode).toBe(204);
    expect(errorOf(await call('GET', `/v1/data-queries/bookmarks/${bookmark.id}`, analyst))).toEqual({
      status: 404,
      body: { message: 'Query bookmark not found', details: `No query bookmark with id ${bookmark.id}`, appStatusCode: 'NOT_FOUND' },
    });
  });
});
