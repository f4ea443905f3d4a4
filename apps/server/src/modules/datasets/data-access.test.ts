import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { datasetWith, type Headers } from '../query/test-support/helpers.js';

// The decision in docs/catalogue.md "Looking at data and taking a copy": a limited-viewer looks at a dataset's data
// through queries (maps, insights, templates) but does not take it away: the file download and a clone are copies.

const SALES = 'region,qty\nnorth,3\nsouth,2\n';
const group = (uuid: string) => ({
  type: 'group',
  props: {
    by: [{ expression: { kind: 'column', name: 'region' } }],
    expressions: [{ expression: { kind: 'aggregate', fn: 'sum', operand: { kind: 'column', name: 'qty' } }, alias: 'qty' }],
  },
  inputs: [{ type: 'dataset', props: { uuid } }],
});

type Role = 'limited-viewer' | 'viewer';
type Path = { name: string; call: (template: string) => { method: 'GET' | 'POST'; url: string; payload?: object } };

describe.each(testStores())('data paths for limited-viewers and viewers on $name', (store) => {
  const h = useHarness(store);
  let sales = '';
  const callers = new Map<Role, { headers: Headers; template: string }>();

  const PATHS: Path[] = [
    { name: 'GET /data (Arrow)', call: () => ({ method: 'GET', url: `/v1/datasets/${sales}/data` }) },
    { name: 'GET /data?format=csv', call: () => ({ method: 'GET', url: `/v1/datasets/${sales}/data?format=csv` }) },
    { name: 'POST /clone', call: () => ({ method: 'POST', url: `/v1/datasets/${sales}/clone` }) },
    { name: 'POST /query', call: () => ({ method: 'POST', url: '/query?format=arrow&cacheMode=no-cache', payload: group(sales) }) },
    { name: 'POST /v1/datasets/query', call: () => ({ method: 'POST', url: '/v1/datasets/query', payload: { pipeline: group(sales), cacheMode: 'no-cache' } }) },
    { name: 'POST /v1/data-queries (template)', call: (template) => ({ method: 'POST', url: '/v1/data-queries', payload: { queryTemplateId: template, datasetId: sales } }) },
    { name: 'POST /v1/data-queries/json', call: (template) => ({ method: 'POST', url: '/v1/data-queries/json', payload: { queryTemplateId: template, datasetId: sales } }) },
    { name: 'GET column-distinct', call: () => ({ method: 'GET', url: `/v1/data-queries/column-distinct?datasetId=${sales}&column=region` }) },
  ];
  const EXPECTED: Record<string, Record<Role, number>> = {
    'GET /data (Arrow)': { 'limited-viewer': 403, viewer: 200 },
    'GET /data?format=csv': { 'limited-viewer': 403, viewer: 200 },
    'POST /clone': { 'limited-viewer': 403, viewer: 201 },
    'POST /query': { 'limited-viewer': 200, viewer: 200 },
    'POST /v1/datasets/query': { 'limited-viewer': 200, viewer: 200 },
    'POST /v1/data-queries (template)': { 'limited-viewer': 200, viewer: 200 },
    'POST /v1/data-queries/json': { 'limited-viewer': 200, viewer: 200 },
    'GET column-distinct': { 'limited-viewer': 200, viewer: 200 },
  };

  beforeAll(async () => {
    sales = await datasetWith(h, await h.auth('analyst@example.com'), 'sales', SALES);
    for (const role of ['limited-viewer', 'viewer'] as const) {
      const user = await addUser(h.db, { email: `${role}@data-paths.test`, organization: 'Data Paths Other' });
      await h.db.query('INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)', [
        randomUUID(),
        'dataset',
        sales,
        'user',
        user.id,
        role,
      ]);
      const headers = await h.auth(user.email);
      // Each caller's own template over the shared dataset: reading the dataset is what the run checks.
      const template = await h.app.inject({ method: 'POST', url: '/v1/data-queries/templates', headers, payload: { name: 'Totals', template: 'SELECT region, sum(qty) AS qty FROM {{dataset}} GROUP BY region' } });
      expect(template.statusCode, template.body).toBe(201);
      callers.set(role, { headers, template: template.json().id });
    }
  });

  describe.each(['limited-viewer', 'viewer'] as const)('a %s of another organization', (role) => {
    it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (name, path) => {
      const { headers, template } = callers.get(role)!;
      const { method, url, payload } = path.call(template);
      const response = await h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBe(EXPECTED[name]![role]);
      if (response.statusCode === 403) {
        expect(response.json()).toMatchObject({ message: 'You do not have copy permission on this dataset', appStatusCode: 'FORBIDDEN' });
      }
    });
  });

  it('lets a viewer seat of the owner organization download (it creates nothing) but not clone (that creates a dataset)', async () => {
    const headers = await h.auth('viewer@example.com');
    expect((await h.app.inject({ method: 'GET', url: `/v1/datasets/${sales}/data?format=csv`, headers })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: `/v1/datasets/${sales}/clone`, headers })).statusCode).toBe(403);
  });

  it('refuses the download to a signed-in caller on a public_read dataset (limited-viewer rank), who can still query it', async () => {
    await h.db.query("UPDATE datasets SET visibility = 'public_read' WHERE id = $1", [sales]);
    try {
      await addUser(h.db, { email: 'public@data-paths.test', organization: 'Data Paths Public' });
      const headers = await h.auth('public@data-paths.test');
      expect((await h.app.inject({ method: 'GET', url: `/v1/datasets/${sales}/data`, headers })).statusCode).toBe(403);
      expect((await h.app.inject({ method: 'POST', url: '/query?format=arrow&cacheMode=no-cache', headers, payload: group(sales) })).statusCode).toBe(200);
    } finally {
      await h.db.query("UPDATE datasets SET visibility = 'private' WHERE id = $1", [sales]);
    }
  });
});
