// Sentry DSNs: {protocol}://{publicKey}[:{secretKey}]@{host}[/{path}]/{projectId}. The public part is what browsers
// put into their envelopes; a legacy secret key is never kept, so nothing here can leak it.

export interface Dsn {
  protocol: 'http:' | 'https:';
  publicKey: string;
  /** Host name with its port, when one is given. */
  host: string;
  /** Path before the project id, without slashes at either end ('' for none). */
  path: string;
  projectId: string;
}

/** The DSN the text names, or null when it is not one. */
export function parseDsn(text: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.username || url.search || url.hash) return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return null;
  return { protocol: url.protocol, publicKey: decodeURIComponent(url.username), host: url.host, path: segments.join('/'), projectId };
}

const base = (dsn: Dsn) => `${dsn.protocol}//${dsn.host}${dsn.path ? `/${dsn.path}` : ''}`;

/** The DSN without any secret key, as the browser SDK writes it. */
export const publicDsn = (dsn: Dsn) => `${dsn.protocol}//${encodeURIComponent(dsn.publicKey)}@${dsn.host}${dsn.path ? `/${dsn.path}` : ''}/${dsn.projectId}`;

/** Where the service takes envelopes for the project (Sentry's envelope endpoint). */
export const envelopeEndpoint = (dsn: Dsn) => `${base(dsn)}/api/${dsn.projectId}/envelope/`;

/** Exactly the same project at the same service with the same key (URL parsing already lower-cased the host). */
export const sameDsn = (a: Dsn, b: Dsn) => publicDsn(a) === publicDsn(b);
