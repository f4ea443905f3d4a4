import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ROUTE_PATTERNS } from '@atlas/routes';
import { RequireAuth } from './features/auth/RequireAuth';
import { routes } from './router';

function allPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...allPaths(route.children ?? [])]);
}

/** The path of the deepest route that matches `url`. */
function matchedPath(url: string): string | undefined {
  const matches = matchRoutes(routes, url) ?? [];
  return matches.at(-1)?.route.path ?? (matches.at(-1)?.route.index ? '(index)' : undefined);
}

describe('router', () => {
  it('knows every route of ROUTE_PATTERNS', () => {
    const known = new Set(allPaths(routes));
    for (const pattern of Object.values(ROUTE_PATTERNS)) expect(known, pattern).toContain(pattern);
  });

  it('sends each address to its own route', () => {
    expect(matchedPath('/sign-in')).toBe(ROUTE_PATTERNS.signIn);
    expect(matchedPath('/workspace')).toBe('(index)');
    expect(matchedPath('/workspace/datasets/abc')).toBe(ROUTE_PATTERNS.dataset);
    expect(matchedPath('/dashboard/new')).toBe(ROUTE_PATTERNS.newDashboard);
    expect(matchedPath('/dashboard/42')).toBe(ROUTE_PATTERNS.dashboard);
    expect(matchedPath('/new')).toBe(ROUTE_PATTERNS.newMap);
    expect(matchedPath('/some-map-id')).toBe(ROUTE_PATTERNS.map);
    expect(matchedPath('/public/x')).toBe(ROUTE_PATTERNS.publicView);
    expect(matchedPath('/preview/x')).toBe(ROUTE_PATTERNS.preview);
    expect((matchRoutes(routes, '/admin') ?? []).map((m) => m.route.path)).toContain(ROUTE_PATTERNS.admin);
    expect(matchedPath('/admin')).toBe('(index)');
  });

  it('opens a public link without a sign-in, and a preview only signed in', () => {
    const guarded = (url: string) => (matchRoutes(routes, url) ?? []).some((m) => isValidElement(m.route.element) && m.route.element.type === RequireAuth);
    expect(guarded('/public/x')).toBe(false);
    expect(guarded('/preview/x')).toBe(true);
    expect(guarded('/workspace/maps')).toBe(true);
    expect(guarded('/admin')).toBe(true);
  });

  it('keeps unknown workspace addresses inside the workspace layout, and others outside', () => {
    const inside = (matchRoutes(routes, '/workspace/nope') ?? []).map((m) => m.route.path);
    expect(inside).toContain(ROUTE_PATTERNS.workspace);
    expect(inside.at(-1)).toBe('*');
    const outside = (matchRoutes(routes, '/a/b/c') ?? []).map((m) => m.route.path);
    expect(outside).not.toContain(ROUTE_PATTERNS.workspace);
    expect(outside.at(-1)).toBe('*');
  });
});
