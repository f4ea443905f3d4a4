import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { declaredRoutes } from '../http/authenticate.js';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { RESOURCES } from './test-support/matrix-table.js';

/**
 * Routes with a path parameter that the access matrix (matrix-table.ts) does not call, each with the reason. Anything
 * else that takes an id must be in the matrix: a new route fails this test until someone adds it there (or here, saying why).
 */
const EXEMPT: Record<string, string> = {
  // Users and organizations are not catalogue resources: self or administrator (users.test.ts).
  'GET /v1/users/:id/seat': 'users: same organization or administrator',
  'PUT /v1/users/:id': 'users: self or administrator',
  'PUT /v1/users/:userId/organization/:orgId': 'administrators only',
  'PUT /v1/users/:id/password': 'users: the account itself',
  'POST /v1/users/:id/email-verification': 'users: the account itself',
  // Thumbnail images answer 404 until one is uploaded; their check is the read of GET /{id} (records.test.ts, projects.test.ts).
  'GET /v1/maps/:id/thumbnail': 'image stream, read check as GET /v1/maps/:id',
  'GET /v1/insights/:id/thumbnail': 'image stream, read check as GET /v1/insights/:id',
  'GET /v1/dashboards/:id/thumbnail': 'image stream, read check as GET /v1/dashboards/:id',
  'GET /v1/workbooks/:id/thumbnail': 'image stream, read check as GET /v1/workbooks/:id',
  'GET /v1/projects/:id/thumbnail': 'image stream, read check as GET /v1/projects/:id',
  // Tags belong to an organization; attaching one is a write on the resource (tags.test.ts, bulk.test.ts).
  'PUT /v1/tags/:id': 'organization tags',
  'DELETE /v1/tags/:id': 'organization tags',
  'POST /v1/tags/:tagId/:type/:resourceId': 'write on the resource through assertCanTag',
  'DELETE /v1/tags/:tagId/:type/:resourceId': 'write on the resource through assertCanTag',
  // Publishing: step two needs the id step one answers, with the same write check (record-publishing.test.ts).
  'POST /v1/maps/:id/publish/:publishedId': 'write, as POST /v1/maps/:id/publish/resources',
  'POST /v1/insights/:id/publish/:publishedId': 'write, as POST /v1/insights/:id/publish/resources',
  'DELETE /v1/maps/:id/unpublish': 'write, as POST /v1/maps/:id/publish/resources',
  'DELETE /v1/insights/:id/unpublish': 'write, as POST /v1/insights/:id/publish/resources',
  // Public views of published items, password-checked (default-deny.test.ts pins them as the only public ones).
  'GET /v1/maps/:id/published-map': 'public by the spec',
  'POST /v1/maps/:id/published-map': 'public by the spec',
  'GET /v1/insights/:id/published-insight': 'public by the spec',
  'POST /v1/insights/:id/published-insight': 'public by the spec',
  'GET /v1/reports/published/:id': 'public by the spec',
  // Administration (bi-and-admin.md §7): administrators only; 403 for makers, viewers and API keys in organizations.test.ts, invitations.test.ts, users/admin.test.ts.
  'GET /v1/organizations/:id': 'administrators only',
  'PUT /v1/organizations/:id': 'administrators only',
  'DELETE /v1/organizations/:id': 'administrators only',
  'POST /v1/organizations/:id/link': 'administrators only',
  'POST /v1/organizations/:orgId/invitations/:invitee': 'administrators only',
  'DELETE /v1/organizations/invitations/:id': 'administrators only',
  'POST /v1/users/admin/:id': 'administrators only',
  'DELETE /v1/users/admin/:id': 'administrators only',
  'PUT /v1/admin/users/:userId/organization/:orgId/seat/:seat': 'administrators only',
  'PUT /v1/users/:id/quotapolicy/:policyId': 'administrators only',
  'PUT /v1/admin/:resourceType/:id/update-visibility': 'administrators only (admin/resources.test.ts)',
  'GET /v1/admin/organizations/:id/flags': 'administrators only (admin/feature-flags.test.ts)',
  'PUT /v1/admin/organizations/:id/flags': 'administrators only (admin/feature-flags.test.ts)',
  // Two resources at once: copy on the dataset, then write on the connection (data-connections/workbench.test.ts).
  'POST /v1/datasets/:id/workbench': 'copy on the dataset and write on the connection',
  // The public page's data, for published items only, view token when protected (public-data.test.ts).
  'GET /v1/maps/:id/published-map/datasets/:datasetId/data': 'public with the published map',
  // A published map's hex and vector tiles, only of tilesets its layers draw (publishing/public-tiles.test.ts).
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId/time/*': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:z/:hexId/range/:interval': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/metadata': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tileset-index': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:res/quantiles': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/:res/quantiles/:interval': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tiles.json': 'public with the published map',
  'GET /v1/maps/:id/published-map/tilesets/:datasetId/tiles/:z/:x/:y.pbf': 'public with the published map',
  'GET /v1/insights/:id/published-insight/analytic-set': 'public with the published insight',
  'POST /v1/insights/:id/published-insight/query/:templateId': 'public with the published insight',
  // Published reports and featured maps carry no grants: owner or administrator (reports.test.ts, featured.test.ts).
  'POST /v1/reports/published/:id': 'report owner or administrator',
  'POST /v1/reports/published/:id/invite': 'report owner or administrator',
  'PUT /v1/maps/published/featured/:id': 'administrators curate featured maps',
  'DELETE /v1/maps/published/featured/:id': 'administrators curate featured maps',
  'PUT /v1/maps/published/featured/:id/highlight': 'administrators curate featured maps',
  // Legal agreements are reference data; consent is the caller's own.
  'GET /v1/legal/:id': 'reference data',
  'GET /v1/legal/latest/:id/consent': "the caller's own consent",
  'POST /v1/legal/:id/consent': "the caller's own consent",
  // Only its runner cancels an execution (executions tests); reading one through a record is in the matrix.
  'POST /v1/data-queries/:executionId/cancel': 'runner only',
  // BI analytic sets and their configs are organization data, not §6 resources (bi-config.test.ts, analytics.test.ts).
  'POST /v1/query/:templateGroupId/template/:templateId': 'analytic sets of the organization',
  'GET /v1/analytic-sets/:id': 'analytic sets of the organization',
  'POST /v1/invalidate/:group/org/:orgId': 'administrators only',
  'POST /v1/invalidate/:group/default': 'administrators only',
  'GET /v1/bi/analytic-set-configs/:group/org/:orgId': 'organization data',
  'GET /v1/bi/analytic-set-configs/:id': 'organization data',
  'PUT /v1/bi/analytic-set-configs/:id': 'administrators only',
  'DELETE /v1/bi/analytic-set-configs/:id': 'administrators only',
  'GET /v1/bi/query-param-configs/:group/default': 'organization data',
  'PUT /v1/bi/query-param-configs/:group/default': 'administrators only',
  'GET /v1/bi/query-param-configs/:id': 'organization data',
  'PUT /v1/bi/query-param-configs/:id': 'administrators only',
  'DELETE /v1/bi/query-param-configs/:id': 'administrators only',
  'GET /v1/bi/shared-parameters/:id': 'owner, organization or administrator',
  'POST /v1/bi/shared-parameters/:id/invite': 'owner or administrator',
  // The offline basemap is shared public data with no record behind it (default-deny.test.ts pins it as public).
  'GET /v1/basemaps/:styleId/style.json': 'public basemap style',
  'GET /v1/basemaps/:styleId/icon.svg': 'public basemap preview',
  'GET /v1/basemaps/tiles/:z/:x/:y.pbf': 'public basemap tiles',
  'GET /v1/basemaps/glyphs/:fontstack/:range.pbf': 'public basemap glyphs',
};

const [pglite] = testStores();
/** Parameter names do not matter: `/templates/:templateId` is the route `/templates/:id`. */
const normalize = (name: string) => name.replace(/:\w+/g, ':');
const takesId = (route: RouteOptions) => /[:*]/.test(route.url) && !route.url.startsWith('/v1/docs');
const names = (route: RouteOptions) =>
  [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => `${method} ${route.url}`);

describe('every route that takes an id', () => {
  const h = useHarness(pglite!);

  it('is called by the access matrix, or exempted with a reason', () => {
    const inMatrix = new Set(RESOURCES.flatMap((spec) => spec.actions.map((action) => normalize(`${action.method} ${action.route}`))));
    const exempt = new Set(Object.keys(EXEMPT).map(normalize));
    const routes = declaredRoutes(h.app).filter(takesId).flatMap(names);
    const skipped = routes.filter((name) => !inMatrix.has(normalize(name)) && !exempt.has(normalize(name)));
    expect(skipped, 'add these routes to security/test-support/matrix-table.ts').toEqual([]);
    // An exemption for a route that is gone, or that the matrix now calls, is removed.
    const declared = new Set(routes.map(normalize));
    expect(Object.keys(EXEMPT).filter((name) => !declared.has(normalize(name)) || inMatrix.has(normalize(name)))).toEqual([]);
  });

  it('has schemas that all compile (each compiles on its first use; this compiles the rest)', () => {
    // At least a response serializer per route, and validators besides.
    expect(h.app.compileAllSchemas()).toBeGreaterThan(declaredRoutes(h.app).length);
  });

  it('matrix routes all exist', () => {
    const declared = new Set(declaredRoutes(h.app).flatMap(names).map(normalize));
    const unknown = RESOURCES.flatMap((spec) => spec.actions.map((action) => `${action.method} ${action.route}`)).filter((name) => !declared.has(normalize(name)));
    expect(unknown).toEqual([]);
  });
});
