import { ROUTE_PATTERNS, type RouteName } from './paths.js';

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
}

const split = (path: string) => path.split('/').filter(Boolean);

// A pattern only matches paths with its segment count, so among candidates the one with more
// static segments is the more specific: '/new' beats '/:mapId', '/dashboard/new' beats '/dashboard/:id'.
const staticCount = (segments: string[]) => segments.filter((s) => !s.startsWith(':')).length;
const ORDERED = (Object.entries(ROUTE_PATTERNS) as Array<[RouteName, string]>)
  .map(([name, pattern]) => ({ name, segments: split(pattern) }))
  .sort((a, b) => staticCount(b.segments) - staticCount(a.segments));

/** Names the route a pathname belongs to (trailing slash tolerated), or null when none fits. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = split(pathname);
  for (const { name, segments } of ORDERED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = segments.every((segment, i) => {
      const part = parts[i] as string;
      if (!segment.startsWith(':')) return segment === part;
      const value = safeDecode(part);
      if (value === null) return false;
      params[segment.slice(1)] = value;
      return true;
    });
    if (ok) return { name, params };
  }
  return null;
}

// A malformed escape ('%E0%A4%A') is not a path we built, so it matches nothing.
function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
