import { ANALYTIC_SETS } from '@atlas/analytics';
import { ANALYTIC_SET_IDS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('analytic sets on $name', (store) => {
  const h = useHarness(store);
  const panel: Record<string, string> = {};
  let other: { authorization: string };
  let otherAdmin: { authorization: string };
  let demoOrg: string;

  beforeAll(async () => {
    const admin = await h.auth('admin@example.com');
    for (const table of ['visits', 'places', 'panel', 'population']) {
      const created = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: admin, payload: { name: `Foot traffic: ${table}`, type: 'managed', metadata: { panelTable: table } } });
      expect(created.statusCode).toBe(201);
      panel[table] = created.json().id;
    }
    demoOrg = (await h.db.query<{ organization_id: string }>("SELECT organization_id FROM users WHERE email = 'admin@example.com'"))[0]!.organization_id;
    await addUser(h.db, { email: 'outsider@other.test', organization: 'Other' });
    await addUser(h.db, { email: 'boss@other.test', organization: 'Other', isAdmin: true });
    other = await h.auth('outsider@other.test');
    otherAdmin = await h.auth('boss@other.test');
  });

  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  it.each([...ANALYTIC_SET_IDS])('GET /v1/analytic-sets/%s answers the definition with the panel dataset ids', async (id) => {
    const response = await get(`/v1/analytic-sets/${id}`, await h.auth('analyst@example.com'));
    expect(response.statusCode).toBe(200);
    const definition = ANALYTIC_SETS[id];
    const ids = (tables: string[]) => tables.map((table) => panel[table]);
    expect(response.json()).toEqual({
      ...JSON.parse(JSON.stringify(definition)),
      datasets: { production: ids(definition.datasets.production), staging: ids(definition.datasets.staging) },
    });
  });

  it('resolves no datasets for another organization, and the demo ones for an administrator impersonating it', async () => {
    const outside = await get('/v1/analytic-sets/change-in-visits', other);
    expect(outside.statusCode).toBe(200);
    expect(outside.json().datasets).toEqual({ production: [], staging: [] });
    const impersonated = await get(`/v1/analytic-sets/change-in-visits?impersonateOrganizationId=${demoOrg}`, otherAdmin);
    expect(impersonated.statusCode).toBe(200);
    expect(impersonated.json().datasets).toEqual({ production: [panel.visits, panel.places, panel.panel], staging: [panel.visits, panel.places, panel.panel] });
  });

  it('refuses impersonation to non-administrators with 403', async () => {
    const response = await get(`/v1/analytic-sets/movement-pivot?impersonateOrganizationId=${demoOrg}`, await h.auth('analyst@example.com'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Administrator rights required', details: 'impersonateOrganizationId is for administrators only', appStatusCode: 'FORBIDDEN' });
  });

  it('answers 404 for an unknown set, 400 for a bad organization id and 401 without a token', async () => {
    const analyst = await h.auth('analyst@example.com');
    const unknown = await get('/v1/analytic-sets/foot-fall', analyst);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Analytic set not found', details: 'No analytic set foot-fall', appStatusCode: 'NOT_FOUND' });
    expect((await get('/v1/analytic-sets/constructor', analyst)).statusCode).toBe(404);
    const bad = await get('/v1/analytic-sets/movement-pivot?impersonateOrganizationId=nope', analyst);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().appStatusCode).toBe('VALIDATION_FAILED');
    for (const url of ['/v1/analytic-sets/movement-pivot', '/v1/labels']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().appStatusCode).toBe('UNAUTHORIZED');
    }
  });

  it('GET /v1/labels answers the geography and taxonomy label maps', async () => {
    const response = await get('/v1/labels', await h.auth('viewer@example.com'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['GEOGRAPHY', 'PLACE_TAXONOMY']);
    expect(body.GEOGRAPHY.US).toBe('United States');
    expect(body.GEOGRAPHY['602']).toBe('Chicago');
    expect(body.PLACE_TAXONOMY['copperkettle-coffee']).toBe('Copperkettle Coffee');
    expect(body.PLACE_TAXONOMY['coffee-shops']).toBe('Coffee Shops');
  });
});
