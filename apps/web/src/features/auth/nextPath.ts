import { ROUTE_PATTERNS, paths } from '@atlas/routes';

/**
 * Where to go after signing in. Only a path of this app is accepted (never another origin, so the
 * sign-in page cannot be used as an open redirect, and never the sign-in page itself).
 */
export function nextPathAfterSignIn(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.workspace();
  const pathname = next.split(/[?#]/, 1)[0] ?? '';
  if (pathname === ROUTE_PATTERNS.signIn || pathname === `${ROUTE_PATTERNS.signIn}/`) return paths.workspace();
  return next;
}

/** The sign-in address for a visitor who asked for `location`; the app's root needs no `next`. */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const requested = `${location.pathname}${location.search}${location.hash}`;
  return requested === '/' ? paths.signIn() : paths.signIn({ next: requested });
}
