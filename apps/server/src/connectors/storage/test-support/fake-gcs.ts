// Google Cloud Storage in miniature for tests, on loopback: Google's OAuth token endpoint (a service account's JWT
// assertion, its RS256 signature checked with the account's public key, exchanged for an access token) and the JSON
// API's calls the driver makes: buckets of a project, objects under a prefix with '/' folders (paged by pageToken),
// and an object's bytes (alt=media). Errors as the API answers them: `{ error: { code, message } }`.
import http from 'node:http';
import { text } from 'node:stream/consumers';
import { fakeGoogleTokens, type ServiceAccount } from '../../test-support/fake-google-token.js';
import { listenOnLoopback } from '../../test-support/loopback.js';

export interface FakeGcsOptions {
  account: ServiceAccount;
  project: string;
  /** Bucket → key → bytes (the keys' order is the listing's: sort them as GCS does). */
  buckets: Record<string, Record<string, Buffer>>;
}

export interface FakeGcs {
  api: string;
  token: string;
  /** Every API request's path and query, in order. */
  requests(): string[];
  close(): Promise<void>;
}

const UPDATED = '2024-05-06T07:08:09.000Z';

class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** One page of `entries` from the offset pageToken names. */
function page<T>(entries: T[], params: URLSearchParams): { items: T[]; nextPageToken?: string } {
  const start = Number(params.get('pageToken') ?? 0);
  const size = Number(params.get('maxResults') ?? 1000);
  const items = entries.slice(start, start + size);
  return start + size < entries.length ? { items, nextPageToken: String(start + size) } : { items };
}

export async function fakeGcs(options: FakeGcsOptions): Promise<FakeGcs> {
  const google = fakeGoogleTokens(options.account);
  const seen: string[] = [];

  function bucketOf(name: string): Record<string, Buffer> {
    const bucket = options.buckets[name];
    if (!bucket) throw new ApiError(404, 'The specified bucket does not exist.');
    return bucket;
  }

  function listObjects(bucket: Record<string, Buffer>, params: URLSearchParams) {
    const prefix = params.get('prefix') ?? '';
    const delimiter = params.get('delimiter');
    // Folders and objects in key order, as one sequence to page through.
    const entries: Array<{ folder: string } | { name: string; size: number }> = [];
    const folders = new Set<string>();
    for (const [name, bytes] of Object.entries(bucket).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!name.startsWith(prefix)) continue;
      const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
      if (cut >= 0) {
        const folder = name.slice(0, cut + 1);
        if (!folders.has(folder)) entries.push({ folder });
        folders.add(folder);
      } else entries.push({ name, size: bytes.length });
    }
    const { items, nextPageToken } = page(entries, params);
    return {
      kind: 'storage#objects',
      prefixes: items.flatMap((entry) => ('folder' in entry ? [entry.folder] : [])),
      items: items.flatMap((entry) => ('name' in entry ? [{ kind: 'storage#object', name: entry.name, size: String(entry.size), updated: UPDATED }] : [])),
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await text(request);
    if (google.answer(request, url, body, response)) return;
    seen.push(`${url.pathname}${url.search}`);
    try {
      if (!google.authorized(request)) throw new ApiError(401, 'Invalid Credentials');
      if (url.pathname === '/storage/v1/b') {
        if (url.searchParams.get('project') !== options.project) throw new ApiError(404, `Unknown project id: ${url.searchParams.get('project')}`);
        const { items, nextPageToken } = page(Object.keys(options.buckets).sort(), url.searchParams);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ kind: 'storage#buckets', items: items.map((name) => ({ kind: 'storage#bucket', name })), ...(nextPageToken ? { nextPageToken } : {}) }));
        return;
      }
      // Object names are one path segment, percent-encoded.
      const match = /^\/storage\/v1\/b\/([^/]+)\/o(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) throw new ApiError(404, `Not Found: ${url.pathname}`);
      const bucket = bucketOf(decodeURIComponent(match[1]!));
      if (match[2] === undefined) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(listObjects(bucket, url.searchParams)));
        return;
      }
      const name = decodeURIComponent(match[2]);
      const bytes = bucket[name];
      if (!bytes) throw new ApiError(404, `No such object: ${decodeURIComponent(match[1]!)}/${name}`);
      if (url.searchParams.get('alt') !== 'media') throw new ApiError(400, 'Only alt=media is served here');
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      response.end(bytes);
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(500, (error as Error).message);
      response.writeHead(failure.code, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: failure.code, message: failure.message, errors: [{ message: failure.message, domain: 'global' }] } }));
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  const origin = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return {
    api: origin,
    token: `${origin}/token`,
    requests: () => [...seen],
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
