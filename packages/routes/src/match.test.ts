import { describe, expect, it } from 'vitest';
import { matchRoute } from './match.js';
import { paths } from './paths.js';

describe('matchRoute', () => {
  it('prefers static routes over /:mapId', () => {
    expect(matchRoute('/new')).toEqual({ name: 'newMap', params: {} });
    expect(matchRoute('/workspace')).toEqual({ name: 'workspace', params: {} });
    expect(matchRoute('/sign-in')).toEqual({ name: 'signIn', params: {} });
    expect(matchRoute('/sign-up')).toEqual({ name: 'signUp', params: {} });
    expect(matchRoute('/abc')).toEqual({ name: 'map', params: { mapId: 'abc' } });
  });

  it('prefers /dashboard/new and /workbook/new over their id routes', () => {
    expect(matchRoute('/dashboard/new')).toEqual({ name: 'newDashboard', params: {} });
    expect(matchRoute('/dashboard/d1')).toEqual({ name: 'dashboard', params: { id: 'd1' } });
    expect(matchRoute('/workbook/new')).toEqual({ name: 'newWorkbook', params: {} });
    expect(matchRoute('/workbook/w1')).toEqual({ name: 'workbook', params: { id: 'w1' } });
  });

  it('matches the workspace pages and the id routes', () => {
    expect(matchRoute('/workspace/datasets')).toEqual({ name: 'datasets', params: {} });
    expect(matchRoute('/workspace/colors/')).toEqual({ name: 'colors', params: {} });
    expect(matchRoute('/public/p1')).toEqual({ name: 'publicView', params: { id: 'p1' } });
    expect(matchRoute('/public/report/r1')).toEqual({ name: 'publicReport', params: { id: 'r1' } });
    expect(matchRoute('/workspace/reports')).toEqual({ name: 'reports', params: {} });
    expect(matchRoute('/preview/p1')).toEqual({ name: 'preview', params: { id: 'p1' } });
  });

  it('decodes the ids the builders encoded', () => {
    expect(matchRoute(paths.dataset('a b/c'))).toEqual({ name: 'dataset', params: { id: 'a b/c' } });
    expect(matchRoute(paths.map('a b/c'))).toEqual({ name: 'map', params: { mapId: 'a b/c' } });
  });

  it('returns null for unknown paths', () => {
    expect(matchRoute('/')).toBeNull();
    expect(matchRoute('/a/b')).toBeNull();
    expect(matchRoute('/workspace/unknown')).toBeNull();
    expect(matchRoute('/workspace/datasets/d1/extra')).toBeNull();
    expect(matchRoute('/%E0%A4%A')).toBeNull();
  });
});
