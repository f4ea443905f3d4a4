import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppStatusCode } from '@atlas/domain';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { declaredRoutes } from './authenticate.js';

const [pglite] = testStores();

/**
 * The spec's no-auth calls (workspace-and-catalogue.md §7: health, tiers, dataset search, published views and reports),
 * signing in and up, the upload endpoint (the signed policy is its credential, like an S3 bucket's), the API docs and the
 * offline basemap (public map data that published maps draw on; docs/basemap.md).
 * A new public route goes here only with its reason, and in docs/api.md (Default deny).
 */
const PUBLIC_ROUTES = [
  'GET /v1/health',
  'GET /v1/tiers',
  'GET /v1/datasets/search',
  'GET /v1/maps/:id/published-map',
  'POST /v1/maps/:id/published-map',
  'GET /v1/insights/:id/published-insight',
  'POST /v1/insights/:id/published-insight',
  // What a public page draws beside the snapshot, for published items only (docs/publishing-web.md).
  'GET /v1/maps/:id/published-map/datasets/:datasetId/data',
  // A published map's hex and vector tiles, only of tilesets its layers draw (docs/tiles.md "Published maps").
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId/time/*',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId/range/:interval',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/metadata',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tileset-index',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:res/quantiles',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:res/quantiles/:interval',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tiles.json',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tiles/:z/:x/:y.pbf',
  'GET /v1/insights/:id/published-insight/analytic-set',
  'POST /v1/insights/:id/published-insight/query/:templateId',
  'GET /v1/reports/published/:id',
  'POST /v1/auth/sign-in',
  'GET /v1/auth/options',
  'POST /v1/auth/sign-up',
  'GET /v1/auth/verify-email',
  'POST /v1/uploads',
  'GET /v1/openapi.json',
  'GET /v1/basemaps',
  'GET /v1/basemaps/:styleId/style.json',
  'GET /v1/basemaps/:styleId/icon.svg',
  'GET /v1/basemaps/tiles/:z/:x/:y.pbf',
  'GET /v1/basemaps/glyphs/:fontstack/:range.pbf',
  // Error reports come from signed-out pages too (a published map's); the tunnel is rate limited and size-limited (docs/error-reports.md).
  'GET /v1/error-reporting',
  'POST /v1/sentry-tunnel',
];

const methods = (route: RouteOptions) => [route.method].flat().filter((method) => method !== 'HEAD');
const isDocs = (route: RouteOptions) => route.url.startsWith('/v1/docs');
const routeNames = (routes: readonly RouteOptions[]) => routes.flatMap((route) => methods(route).map((method) => `${method} ${route.url}`));
const withIds = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe('default deny', () => {
  const h = useHarness(pglite!);

  it('declares exactly the spec’s no-auth calls public, besides the API docs', () => {
    const routes = declaredRoutes(h.app);
    const declaredPublic = routeNames(routes.filter((route) => route.config?.public === true && !isDocs(route)));
    const unexpected = declaredPublic.filter((name) => !PUBLIC_ROUTES.includes(name));
    expect(unexpected, `routes declared public that the spec does not list as no-auth: ${unexpected.join(', ')}`).toEqual([]);
    expect(declaredPublic.sort()).toEqual([...PUBLIC_ROUTES].sort());
    // The docs page is public as a whole: its every route lies under /v1/docs.
    expect(routes.filter(isDocs).every((route) => route.config?.public === true)).toBe(true);
  });

  it('answers 401 without credentials on every other route, those outside /v1 included', async () => {
    const guarded = declaredRoutes(h.app).filter((route) => route.config?.public !== true);
    expect(routeNames(guarded)).toEqual(expect.arrayContaining(['POST /query', 'POST /tileset', 'POST /tileset/metadata', 'POST /tileset/quantiles']));
    const open: string[] = [];
    for (const route of guarded) {
      for (const method of methods(route)) {
        const response = await h.app.inject({ method: method as 'GET', url: withIds(route.url) });
        if (response.statusCode !== 401 || response.json().appStatusCode !== AppStatusCode.Unauthorized) open.push(`${method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('answers an unknown route 404 whether or not the caller is signed in', async () => {
    for (const headers of [{}, await h.auth('viewer@example.com')]) {
      const response = await h.app.inject({ url: '/v1/no-such-route', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().appStatusCode).toBe(AppStatusCode.RouteNotFound);
    }
    expect((await h.app.inject({ method: 'POST', url: '/no-such-route' })).statusCode).toBe(404);
  });
});

describe('default deny with the web app served', () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-web-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Atlas</title>');
  writeFileSync(path.join(distDir, 'app.js'), 'console.log(1)');
  const h = useHarness(pglite!, { webDistDir: distDir });

  it('serves its files and client-side routes without credentials, and still guards the API', async () => {
    for (const url of ['/', '/app.js', '/maps/some-map']) expect((await h.app.inject({ url })).statusCode, url).toBe(200);
    expect((await h.app.inject({ url: '/v1/no-such-route' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: '/query', payload: {} })).statusCode).toBe(401);
    const webRoutes = declaredRoutes(h.app).filter((route) => !route.url.startsWith('/v1/') && !/^\/(query|tileset)/.test(route.url));
    expect(webRoutes.length).toBeGreaterThan(0);
    expect(webRoutes.every((route) => route.config?.public === true)).toBe(true);
  });
});
