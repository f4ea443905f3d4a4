import { AppStatusCode } from '@atlas/domain';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { declaredRoutes } from './authenticate.js';
import { databaseInputError } from './input-errors.js';

const [pglite] = testStores();
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT';

const NUL = '\u0000';
const ERROR_SHAPE = { message: expect.any(String), details: expect.any(String), appStatusCode: expect.any(String) };
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** JSON of `{"field": {"a": {"a": … 1}}}` nested `depth` levels below the field, written out (serializers recurse). */
const nestedBody = (prefix: string, depth: number) => `{${prefix}${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;

/** Every list the API offers: each GET whose query string takes a search term or an offset. */
const listRoutes = (routes: readonly RouteOptions[]) =>
  routes.flatMap((route) => {
    const properties = (route.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const term = ['search', 'query'].find((name) => name in properties);
    const paged = 'offset' in properties;
    return route.method === 'GET' && (term || paged) ? [{ url: route.url.replace(/:\w+/g, ANY_ID), term, paged }] : [];
  });

describe('bad input answers 4xx in the error shape and changes nothing', () => {
  const h = useHarness(pglite!);
  let analyst: Headers;
  let mapId: string;
  const call = (method: Method, url: string, payload?: object | string, headers: Headers = analyst) =>
    h.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload }) });
  const expectRefused = (response: { statusCode: number; json(): unknown }, what: string) => {
    expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, what).toBeLessThan(500);
    expect(response.json(), what).toEqual(ERROR_SHAPE);
  };
  const snapshot = async () =>
    Promise.all(['records', 'map_assets', 'tags', 'record_states', 'query_templates'].map(async (table) => [table, await h.count(table)]));

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    mapId = (await call('POST', '/v1/maps', { name: 'Harbour', metadata: { zoom: 4 } })).json().id;
  });

  it('finds the lists to check', () => {
    const urls = listRoutes(declaredRoutes(h.app)).map((route) => route.url);
    expect(urls).toEqual(expect.arrayContaining(['/v1/maps', '/v1/map-assets', '/v1/projects', '/v1/datasets', '/v1/datasets/search', '/v1/maps/published']));
  });

  it('refuses a NUL character in the search of every list with 400 VALIDATION_FAILED', async () => {
    for (const { url, term } of listRoutes(declaredRoutes(h.app)).filter((route) => route.term)) {
      const response = await call('GET', `${url}?${term}=a%00b`);
      expectRefused(response, url);
      expect(response.json(), url).toMatchObject({ appStatusCode: AppStatusCode.ValidationFailed, details: `query string/${term} must not contain the NUL character` });
    }
  });

  it.each(['99999999999999999999', '1e308', '9007199254740992'])('refuses offset and limit %s on every paged list', async (value) => {
    for (const { url } of listRoutes(declaredRoutes(h.app)).filter((route) => route.paged)) {
      for (const name of ['offset', 'limit']) {
        const response = await call('GET', `${url}?${name}=${value}`);
        expectRefused(response, `${url}?${name}`);
        expect(response.json().appStatusCode).toBe(AppStatusCode.ValidationFailed);
      }
    }
  });

  it.each<[string, () => [Method, string, object | string]]>([
    ['a record name', () => ['POST', '/v1/maps', { name: `Bad${NUL}name` }]],
    ['a renamed record', () => ['PUT', `/v1/maps/${mapId}`, { name: `Bad${NUL}name` }]],
    ['a metadata key', () => ['PUT', `/v1/maps/${mapId}`, { metadata: { [`k${NUL}`]: 1 } }]],
    ['a metadata value', () => ['PUT', `/v1/maps/${mapId}`, { metadata: { note: `v${NUL}` } }]],
    ['a map asset name', () => ['POST', '/v1/map-assets', { type: 'map-style', name: `Night${NUL}`, metadata: { externalUrl: 'https://tiles.example.com/a.json' } }]],
    ['a tag name', () => ['POST', '/v1/tags', { name: `Retail${NUL}`, color: '#112233', resourceType: 'map', resourceId: mapId }]],
    ['state data', () => ['POST', '/v1/studiostates', { mapId, data: { version: 'v1', note: `a${NUL}b` } }]],
    ['a state data key', () => ['POST', '/v1/studiostates', { mapId, data: { [`k${NUL}`]: 1 } }]],
    ['a template parameter', () => ['POST', '/v1/data-queries/templates', { name: 'T', template: "SELECT '{{s}}' AS s", parameters: [{ name: 's', type: 'string', default: `a${NUL}`, description: `d${NUL}` }] }]],
    ['a template', () => ['POST', '/v1/data-queries/templates', { name: 'T', template: `SELECT 1${NUL}` }]],
    ['metadata nested 5,000 levels deep', () => ['PUT', `/v1/maps/${mapId}`, nestedBody('"metadata":', 5000)]],
    ['state data nested 100 levels deep', () => ['POST', '/v1/studiostates', nestedBody(`"mapId":"${mapId}","data":`, 100)]],
  ])('refuses %s with 400 and stores nothing', async (what, request) => {
    const before = await snapshot();
    const map = (await call('GET', `/v1/maps/${mapId}`)).json();
    const [method, url, payload] = request();
    const response = await call(method, url, payload);
    expectRefused(response, what);
    expect(response.statusCode).toBe(400);
    expect(response.json().appStatusCode).toBe(AppStatusCode.ValidationFailed);
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', `/v1/maps/${mapId}`)).json()).toEqual(map);
  });

  it('still takes documents nested as deep as real ones', async () => {
    const response = await call('PUT', `/v1/maps/${mapId}`, nestedBody('"metadata":', 40));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a NUL character in a path parameter', async () => {
    expectRefused(await call('GET', `/v1/maps/a%00b`), 'path');
  });

  it('turns the database refusing a value into 400, never 500, and sends none of its words', () => {
    for (const code of ['22P02', '22P05', '22021', '22003', '54001']) {
      expect(databaseInputError(Object.assign(new Error('invalid input syntax for type uuid: "secret"'), { code }))).toMatchObject({ statusCode: 400, appStatusCode: 'BAD_REQUEST' });
    }
    expect(databaseInputError(Object.assign(new Error('x'), { code: '23505' }))).toBeNull();
    expect(databaseInputError(new Error('x'))).toBeNull();
  });
});

describe('oversized headers over a real socket', () => {
  const h = useHarness(pglite!);

  it('answers a 16 KB bearer token 431 in the error shape', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/v1/users/me`, { headers: { authorization: `Bearer ${'x'.repeat(16 * 1024)}` } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Request headers are too large', details: 'Headers may total at most 16 KB', appStatusCode: AppStatusCode.BadRequest });
    // An ordinary request on the same server is unaffected.
    expect((await fetch(`${address}/v1/health`)).status).toBe(200);
  });
});
