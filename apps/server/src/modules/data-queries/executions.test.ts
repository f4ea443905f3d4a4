import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { datasetWith, errorOf, type Headers } from '../query/test-support/helpers.js';

// A run attached to a record (mapId, insightId, workbookId) is readable by every reader of that record, so attaching
// is a write on the record: a reader cannot put runs in front of the record's other readers.

describe.each(testStores())('query executions attached to records on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let template = '';
  let map = '';

  const run = (headers: Headers, url: string, payload: object) => h.app.inject({ method: 'POST', url, headers, payload });
  const attached = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM query_executions WHERE record_id = $1', [map]))[0]!.n;

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    await addUser(h.db, { email: 'maker2@executions.test', organization: 'Demo' });
    const sales = await datasetWith(h, analyst, 'sales', 'region,qty\nnorth,1\n');
    const created = await run(analyst, '/v1/data-queries/templates', { name: 'All', template: 'SELECT count(*) AS n FROM {{dataset}}', datasetId: sales });
    template = created.json().id;
    map = (await run(analyst, '/v1/maps', { name: 'Shared map' })).json().id;
  });

  // Both read the map (same organization) and the template; neither may change the map.
  it.each(['viewer@example.com', 'maker2@executions.test'])('refuses %s, a reader of the map, to attach runs to it (403) and attaches none', async (email) => {
    const headers = await h.auth(email);
    const before = await attached();
    for (const [url, payload] of [
      [`/v1/data-queries/templates/${template}`, { mapId: map }],
      [`/v1/data-queries/templates/${template}/executions`, { mapId: map }],
      ['/v1/data-queries', { queryTemplateId: template, mapId: map }],
      ['/v1/data-queries/json', { queryTemplateId: template, mapId: map }],
    ] as const) {
      expect(errorOf(await run(headers, url, payload)), url).toEqual({
        status: 403,
        body: { message: 'You do not have write permission on this map', details: `map ${map}`, appStatusCode: 'FORBIDDEN' },
      });
    }
    expect(await attached()).toBe(before);
    // Without a record the same run is theirs alone.
    expect((await run(headers, '/v1/data-queries', { queryTemplateId: template })).statusCode).toBe(200);
  });

  it('lets an editor of the map attach a run, which the map readers then read', async () => {
    const editor = await addUser(h.db, { email: 'editor@executions.test', organization: 'Executions Other' });
    await h.db.query('INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)', [
      randomUUID(),
      'map',
      map,
      'user',
      editor.id,
      'editor',
    ]);
    await h.db.query("UPDATE query_templates SET visibility = 'public_read' WHERE id = $1", [template]);
    await h.db.query("UPDATE datasets SET visibility = 'public_read' WHERE id = (SELECT dataset_id FROM query_templates WHERE id = $1)", [template]);
    const response = await run(await h.auth(editor.email), `/v1/data-queries/templates/${template}/executions`, { mapId: map });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id;
    const viewer = await h.auth('viewer@example.com');
    expect((await h.app.inject({ method: 'GET', url: `/v1/maps/${map}/query-executions/${id}`, headers: viewer })).json()).toMatchObject({ id, recordId: map });
    // Read through the record only: without it the run is its runner's, and only the runner cancels it.
    expect(errorOf(await h.app.inject({ method: 'GET', url: `/v1/data-queries/${id}`, headers: viewer })).status).toBe(404);
  });
});
