import { describe, expect, it } from 'vitest';
import { matchRoute } from './match.js';
import { CONVERTED_FROM_KEPLER, REPORT_TEMPLATE_ID, ROUTE_PATTERNS, paths } from './paths.js';

describe('paths', () => {
  it('builds the workspace list pages', () => {
    expect(paths.workspace()).toBe('/workspace');
    expect(paths.datasets()).toBe('/workspace/datasets');
    expect(paths.connectors()).toBe('/workspace/connectors');
    expect(paths.queries()).toBe('/workspace/queries');
    expect(paths.maps()).toBe('/workspace/maps');
    expect(paths.dashboards()).toBe('/workspace/dashboards');
    expect(paths.workbooks()).toBe('/workspace/workbooks');
    expect(paths.basemaps()).toBe('/workspace/basemaps');
    expect(paths.colors()).toBe('/workspace/colors');
    expect(paths.projects()).toBe('/workspace/projects');
    expect(paths.projects({ project: 'a b' })).toBe('/workspace/projects?project=a+b');
  });

  it('encodes every id as one segment', () => {
    expect(paths.dataset('d1')).toBe('/workspace/datasets/d1');
    expect(paths.dataset('a b/c')).toBe('/workspace/datasets/a%20b%2Fc');
    expect(paths.map('a b/c')).toBe('/a%20b%2Fc');
    expect(paths.dashboard('a b/c')).toBe('/dashboard/a%20b%2Fc');
    expect(paths.workbook('a b/c')).toBe('/workbook/a%20b%2Fc');
    expect(paths.publicView('a b/c')).toBe('/public/a%20b%2Fc');
    expect(paths.preview('a b/c')).toBe('/preview/a%20b%2Fc');
  });

  it('opens a map, with an optional flag', () => {
    expect(paths.map('m1')).toBe('/m1');
    expect(CONVERTED_FROM_KEPLER).toBe('convertedFromKepler');
    expect(paths.map('m1', { flag: CONVERTED_FROM_KEPLER })).toBe('/m1?convertedFromKepler=true');
  });

  it('opens a dashboard with query params, arrays as repeated keys', () => {
    expect(paths.dashboard('d1')).toBe('/dashboard/d1');
    expect(paths.dashboard('d1', { dma: 'New York', n: 3, on: true, chain: ['a', 1] })).toBe(
      '/dashboard/d1?dma=New+York&n=3&on=true&chain=a&chain=1',
    );
  });

  it('starts a new dashboard from the report template by default', () => {
    expect(REPORT_TEMPLATE_ID).toBe('report');
    expect(paths.newDashboard()).toBe('/dashboard/new?templateId=report');
    expect(paths.newDashboard({ templateId: 'audience-insight' })).toBe('/dashboard/new?templateId=audience-insight');
    expect(paths.newDashboard({ templateId: undefined, period: '2024-01', chain: ['x', 'y'] })).toBe(
      '/dashboard/new?templateId=report&period=2024-01&chain=x&chain=y',
    );
  });

  it('starts a new workbook, optionally from a dataset', () => {
    expect(paths.newWorkbook()).toBe('/workbook/new');
    expect(paths.newWorkbook({ datasetId: 'a b' })).toBe('/workbook/new?datasetId=a+b');
  });

  it('starts a new map from datasets (repeated) or a connector', () => {
    expect(paths.newMap()).toBe('/new');
    expect(paths.newMap({ datasetUuids: [] })).toBe('/new');
    expect(paths.newMap({ datasetUuids: ['a', 'b'] })).toBe('/new?datasetUuid=a&datasetUuid=b');
    expect(paths.newMap({ connectorUuid: 'x' })).toBe('/new?connectorUuid=x');
  });

  it('links to sign-in with an optional return path', () => {
    expect(paths.signIn()).toBe('/sign-in');
    expect(paths.signIn({ next: '/workspace/maps?x=1' })).toBe('/sign-in?next=%2Fworkspace%2Fmaps%3Fx%3D1');
  });

  it('links to sign-up', () => {
    expect(paths.signUp()).toBe('/sign-up');
  });

  it('opens the administration console, optionally at a section, and /admin is never taken for a map id', () => {
    expect(paths.admin()).toBe('/admin');
    expect(paths.admin({ section: 'users', organizationId: 'o 1' })).toBe('/admin?section=users&organizationId=o+1');
    expect(matchRoute(paths.admin())).toEqual({ name: 'admin', params: {} });
    expect(matchRoute('/admin/')).toEqual({ name: 'admin', params: {} });
    expect(matchRoute('/administration')).toEqual({ name: 'map', params: { mapId: 'administration' } });
  });

  it('has one pattern per route', () => {
    expect(ROUTE_PATTERNS).toEqual({
      workspace: '/workspace',
      datasets: '/workspace/datasets',
      dataset: '/workspace/datasets/:id',
      connectors: '/workspace/connectors',
      queries: '/workspace/queries',
      maps: '/workspace/maps',
      dashboards: '/workspace/dashboards',
      workbooks: '/workspace/workbooks',
      basemaps: '/workspace/basemaps',
      colors: '/workspace/colors',
      projects: '/workspace/projects',
      reports: '/workspace/reports',
      map: '/:mapId',
      dashboard: '/dashboard/:id',
      newDashboard: '/dashboard/new',
      workbook: '/workbook/:id',
      newWorkbook: '/workbook/new',
      publicView: '/public/:id',
      publicReport: '/public/report/:id',
      preview: '/preview/:id',
      newMap: '/new',
      signIn: '/sign-in',
      signUp: '/sign-up',
      admin: '/admin',
    });
  });
});
