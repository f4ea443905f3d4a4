// Cached answers of analytic queries: hits, refreshes, the three invalidation calls and who may make them.
import { ANALYTIC_SETS } from '@atlas/analytics';
import type { AnalyticSetId } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { seedTestPanel } from './test-support/panel.js';

describe('analytic answers in the result cache', () => {
  const h = useHarness(testStores()[0]!);
  let analyst: Record<string, string>;
  let admin: Record<string, string>;
  let demoOrg = '';
  let absent: { dma: string; chain: string };

  beforeAll(async () => {
    const raw = await seedTestPanel(h);
    const places = await raw('places');
    const chainsIn = (dma: string) => new Set(places.filter((place) => String(place.dma_id) === dma).map((place) => String(place.chain_id)));
    const dma = String(places.at(-1)!.dma_id);
    absent = { dma, chain: String(places.find((place) => !chainsIn(dma).has(String(place.chain_id)))!.chain_id) };
    analyst = await h.auth('analyst@example.com');
    admin = await h.auth('admin@example.com');
    demoOrg = (await demoIds(h.db)).demoOrg;
  }, 120_000);

  /** The query bar's first draw: every parameter at its default. */
  const defaults = (set: AnalyticSetId) => Object.fromEntries(ANALYTIC_SETS[set].queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
  const query = (set: AnalyticSetId, view: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: `/v1/query/${set}/template/${view}`, headers: { ...analyst, ...headers }, payload: { parameters: defaults(set) } });
  const cacheOf = async (set: AnalyticSetId, view: string) => {
    const response = await query(set, view);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    return response.headers['x-cache'];
  };
  const invalidate = (url: string, headers = admin) => h.app.inject({ method: 'POST', url, headers });

  it('answers a repeated query from the cache with the same rows, and recomputes on cache-control: no-cache', async () => {
    const first = await query('change-in-visits', 'change-in-visits');
    const second = await query('change-in-visits', 'change-in-visits');
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.json()).toEqual(first.json());
    const fresh = await query('change-in-visits', 'change-in-visits', { 'cache-control': 'no-cache' });
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.json()).toEqual(first.json());
  });

  it("drops one set's answers for one organization, for every organization, or all answers for new labels", async () => {
    for (const [set, view] of [['change-in-visits', 'change-in-visits'], ['audience-insight', 'visit-share-by-age']] as const) await cacheOf(set, view);
    expect((await invalidate(`/v1/invalidate/change-in-visits/org/${crypto.randomUUID()}`)).statusCode).toBe(204);
    expect(await cacheOf('change-in-visits', 'change-in-visits')).toBe('hit');
    expect((await invalidate(`/v1/invalidate/change-in-visits/org/${demoOrg}`)).statusCode).toBe(204);
    expect(await cacheOf('change-in-visits', 'change-in-visits')).toBe('miss');
    expect(await cacheOf('audience-insight', 'visit-share-by-age')).toBe('hit');

    expect((await invalidate('/v1/invalidate/audience-insight/default')).statusCode).toBe(204);
    expect(await cacheOf('audience-insight', 'visit-share-by-age')).toBe('miss');
    expect(await cacheOf('change-in-visits', 'change-in-visits')).toBe('hit');

    expect((await invalidate('/v1/invalidate/labels')).statusCode).toBe(204);
    expect(await cacheOf('audience-insight', 'visit-share-by-age')).toBe('miss');
    expect(await cacheOf('change-in-visits', 'change-in-visits')).toBe('miss');
  });

  it('lets only administrators invalidate, and names unknown sets and bad organization ids', async () => {
    for (const url of ['/v1/invalidate/labels', '/v1/invalidate/change-in-visits/default', `/v1/invalidate/change-in-visits/org/${demoOrg}`]) {
      const refused = await invalidate(url, analyst);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Administrator rights required', details: 'Cache invalidation is for administrators only', appStatusCode: 'FORBIDDEN' });
      expect((await invalidate(url, {})).statusCode).toBe(401);
    }
    const unknown = await invalidate('/v1/invalidate/foot-fall/default');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Analytic set not found');
    expect((await invalidate('/v1/invalidate/change-in-visits/org/nope')).statusCode).toBe(400);
  });

  it("applies the organization's configuration: narrowed values are refused, templateParameters merged", async () => {
    const narrowed = ['copperkettle-coffee', 'marigold-roasters'];
    const other = () =>
      h.app.inject({
        method: 'POST', url: '/v1/query/change-in-visits/template/change-in-visits', headers: { ...analyst, 'cache-control': 'no-cache' },
        payload: { parameters: { ...defaults('change-in-visits'), taxonomies: ['drift-and-bean'] } },
      });
    // Asked twice before the configuration exists (the store's reads for it may be remembered), refused right after.
    expect([(await other()).statusCode, (await other()).statusCode]).toEqual([200, 200]);
    const created = await h.app.inject({
      method: 'POST', url: '/v1/bi/analytic-set-configs', headers: admin,
      payload: { templateGroupId: 'change-in-visits', organizationId: demoOrg, queryParameters: { taxonomies: { availableValues: narrowed, defaultValue: narrowed } } },
    });
    expect(created.statusCode).toBe(201);
    const definition = await h.app.inject({ method: 'GET', url: '/v1/analytic-sets/change-in-visits', headers: analyst });
    const taxonomies = definition.json().queryParameters.find((parameter: { id: string }) => parameter.id === 'taxonomies');
    expect([taxonomies.availableValues, taxonomies.defaultValue]).toEqual([narrowed, narrowed]);

    const refused = await other();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatch(/^taxonomies: /);
    const allowed = await h.app.inject({
      method: 'POST', url: '/v1/query/change-in-visits/template/change-in-visits', headers: analyst,
      payload: { parameters: { ...defaults('change-in-visits'), taxonomies: narrowed } },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().rows.map((row: Record<string, unknown>) => row.place_taxonomy_id)).toEqual(narrowed);

    await h.app.inject({ method: 'POST', url: '/v1/bi/analytic-set-configs', headers: admin, payload: { templateGroupId: 'movement-pivot', organizationId: demoOrg, templateParameters: { canExport: true } } });
    const pivot = await h.app.inject({ method: 'GET', url: '/v1/analytic-sets/movement-pivot', headers: analyst });
    expect(pivot.json().templateParameters).toEqual({ canExport: true, minDevices: 30, lowConfidence: 'mark' });
  });

  it('answers 422 for expectData when no visit matches, and no rows without it', async () => {
    const parameters = { ...defaults('movement-pivot'), geography: [absent.dma], taxonomies: [absent.chain] };
    const url = '/v1/query/movement-pivot/template/pivot';
    const empty = await h.app.inject({ method: 'POST', url, headers: analyst, payload: { parameters } });
    expect([empty.statusCode, empty.json()]).toEqual([200, { rows: [] }]);
    const expected = await h.app.inject({ method: 'POST', url: `${url}?expectData=true`, headers: analyst, payload: { parameters } });
    expect(expected.statusCode).toBe(422);
    expect(expected.json()).toEqual({ message: 'No data for the selected parameters', details: 'movement-pivot/pivot answered no rows', appStatusCode: 'INVALID_INPUT' });
  });

  it('needs only the parameters the requested view or chart uses', async () => {
    const own = { analysisPeriod: { granularity: 'monthly', start: '2025-01', end: '2025-03' }, chains: ['copperkettle-coffee'], geography: 'US' };
    const chart = await h.app.inject({ method: 'POST', url: '/v1/query/indexed-foot-traffic/template/chains-in-geography', headers: analyst, payload: { parameters: own } });
    expect(chart.statusCode).toBe(200);
    expect(chart.json().rows).toHaveLength(3);
    const view = await h.app.inject({ method: 'POST', url: '/v1/query/indexed-foot-traffic/template/indexed-foot-traffic', headers: analyst, payload: { parameters: own } });
    expect(view.statusCode).toBe(400);
    expect(view.json().details).toBe('chain: Chain is required; geographies: Geographies is required');
  });
});
