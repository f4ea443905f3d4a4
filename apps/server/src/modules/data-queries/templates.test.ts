import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, OWNER_ACTIONS } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { createDataset, errorOf, type Headers } from '../query/test-support/helpers.js';

const TEMPLATE = 'SELECT * FROM {{dataset}} WHERE region IN ({{regions}}) -- filter\nAND qty >= {{min}}';
const PARAMETERS = [
  { name: 'regions', type: 'string', default: ['north'] },
  { name: 'min', type: 'integer', default: 0 },
];

describe.each(testStores())('query templates on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let admin: Headers;
  let viewer: Headers;
  let outsider: Headers;
  let datasetId: string;

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    admin = await h.auth('admin@example.com');
    viewer = await h.auth('viewer@example.com');
    await addUser(h.db, { email: 'templates-outsider@example.org', organization: 'Template Elsewhere' });
    outsider = await h.auth('templates-outsider@example.org');
    datasetId = await createDataset(h, analyst, 'template data');
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => h.app.inject({ method, url, headers, payload });
  const create = async (body: object = {}) => {
    const response = await call('POST', '/v1/data-queries/templates', analyst, { name: 'Regions', template: TEMPLATE, parameters: PARAMETERS, datasetId, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('creates a template as version 1 and reads it back', async () => {
    const template = await create({ description: 'By region' });
    expect(template).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Regions',
      description: 'By region',
      template: TEMPLATE,
      parameters: PARAMETERS,
      datasetId,
      version: 1,
      ownerId: expect.any(String),
      organizationId: expect.any(String),
      actions: OWNER_ACTIONS,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/v1/data-queries/templates/${template.id}`, analyst)).json()).toEqual(template);
    // Members of the organization read it; other organizations do not see it.
    expect((await call('GET', `/v1/data-queries/templates/${template.id}`, viewer)).statusCode).toBe(200);
    expect(errorOf(await call('GET', `/v1/data-queries/templates/${template.id}`, outsider))).toEqual({
      status: 404,
      body: { message: 'Query template not found', details: `No query template with id ${template.id}`, appStatusCode: 'NOT_FOUND' },
    });
  });

  it('refuses unparseable templates, undeclared placeholders and bad parameters without storing anything', async () => {
    const before = [await h.count('query_templates'), await h.count('query_template_versions')];
    const attempt = (body: object) => call('POST', '/v1/data-queries/templates', analyst, { name: 'Bad', ...body });
    expect(errorOf(await attempt({ template: "SELECT 'open", parameters: [] }))).toEqual({
      status: 400,
      body: { message: 'Could not parse query template', details: 'Unclosed string literal at line 1', appStatusCode: 'BAD_REQUEST' },
    });
    expect(errorOf(await attempt({ template: 'SELECT {{missing}}' }))).toEqual({
      status: 400,
      body: { message: 'Could not parse query template', details: 'Unknown placeholder {{missing}}', appStatusCode: 'BAD_REQUEST' },
    });
    expect(errorOf(await attempt({ template: 'SELECT 1; DELETE FROM users' })).body.message).toBe('Could not parse query template');
    expect(errorOf(await attempt({ template: 'SELECT {{n}}', parameters: [{ name: 'n', type: 'integer', default: 'seven' }] })).body).toEqual({
      message: 'Invalid query parameters',
      details: 'The default of parameter "n" must be a integer (got "seven")',
      appStatusCode: 'BAD_REQUEST',
    });
    expect(errorOf(await attempt({ template: 'SELECT 1', parameters: [{ name: 'bad name', type: 'string' }] })).status).toBe(400);
    expect(errorOf(await attempt({ template: 'SELECT 1', unknown: true })).body.appStatusCode).toBe('VALIDATION_FAILED');
    expect(errorOf(await attempt({ template: 'SELECT 1', datasetId: randomUUID() })).status).toBe(404);
    expect(errorOf(await call('POST', '/v1/data-queries/templates', viewer, { name: 'V', template: 'SELECT 1' })).status).toBe(403);
    expect([await h.count('query_templates'), await h.count('query_template_versions')]).toEqual(before);
  });

  it('stores every update as a version, listed newest first with offset and limit', async () => {
    const template = await create();
    const v2 = await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, { name: 'Regions v2' });
    expect(v2.json()).toMatchObject({ name: 'Regions v2', version: 2, template: TEMPLATE });
    const v3 = await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, { template: 'SELECT {{min}} AS m', parameters: [{ name: 'min', type: 'integer' }], datasetId: null });
    expect(v3.json()).toMatchObject({ name: 'Regions v2', version: 3, template: 'SELECT {{min}} AS m', datasetId: null });
    const history = (await call('GET', `/v1/data-queries/templates/${template.id}/history`, analyst)).json();
    expect(history.total).toBe(3);
    expect(history.items.map((item: { version: number; name: string }) => [item.version, item.name])).toEqual([
      [3, 'Regions v2'],
      [2, 'Regions v2'],
      [1, 'Regions'],
    ]);
    expect(history.items[2]).toMatchObject({ templateId: template.id, template: TEMPLATE, parameters: PARAMETERS, datasetId, authorId: template.ownerId });
    const page = (await call('GET', `/v1/data-queries/templates/${template.id}/history?offset=1&limit=1`, viewer)).json();
    expect(page).toMatchObject({ total: 3, items: [{ version: 2 }] });
    expect(errorOf(await call('GET', `/v1/data-queries/templates/${template.id}/history?limit=0`, analyst)).status).toBe(400);
    expect(errorOf(await call('GET', `/v1/data-queries/templates/${template.id}/history`, outsider)).status).toBe(404);
  });

  it('lets only writers update, refuses bad updates and keeps the template unchanged', async () => {
    const template = await create();
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, viewer, { name: 'x' }))).toEqual({
      status: 403,
      body: { message: 'You do not have write permission on this query template', details: `query-template ${template.id}`, appStatusCode: 'FORBIDDEN' },
    });
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, outsider, { name: 'x' })).status).toBe(404);
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, { template: 'SELECT {{other}}' })).body.details).toBe('Unknown placeholder {{other}}');
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, { parameters: [] })).body.details).toBe('Unknown placeholder {{regions}}');
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, {})).status).toBe(400);
    // Admin mode is not needed: an administrator of the organization reads but does not write others' templates.
    expect(errorOf(await call('PUT', `/v1/data-queries/templates/${template.id}`, admin, { name: 'x' })).status).toBe(403);
    expect((await call('GET', `/v1/data-queries/templates/${template.id}`, analyst)).json()).toEqual(template);
    expect((await call('GET', `/v1/data-queries/templates/${template.id}/history`, analyst)).json().total).toBe(1);
  });

  it('lists readable templates with paging', async () => {
    const mine = await create({ name: 'Listed' });
    const listing = (await call('GET', '/v1/data-queries/templates?limit=1000', viewer)).json();
    expect(listing.items.map((item: { id: string }) => item.id)).toContain(mine.id);
    expect(listing.total).toBe(listing.items.length);
    expect((await call('GET', '/v1/data-queries/templates', outsider)).json()).toEqual({ items: [], total: 0 });
    const first = (await call('GET', '/v1/data-queries/templates?limit=1', analyst)).json();
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(listing.total);
  });

  it('deletes with the history; only the owner may', async () => {
    const template = await create();
    await call('PUT', `/v1/data-queries/templates/${template.id}`, analyst, { name: 'again' });
    expect(errorOf(await call('DELETE', `/v1/data-queries/templates/${template.id}`, viewer)).status).toBe(403);
    const versions = await h.count('query_template_versions');
    const deleted = await call('DELETE', `/v1/data-queries/templates/${template.id}`, analyst);
    expect(deleted.statusCode).toBe(204);
    expect(await h.count('query_template_versions')).toBe(versions - 2);
    expect(errorOf(await call('GET', `/v1/data-queries/templates/${template.id}`, analyst)).status).toBe(404);
    expect(errorOf(await call('DELETE', `/v1/data-queries/templates/${template.id}`, analyst)).status).toBe(404);
    expect(errorOf(await call('GET', '/v1/data-queries/templates/not-a-uuid', analyst)).status).toBe(400);
  });
});
