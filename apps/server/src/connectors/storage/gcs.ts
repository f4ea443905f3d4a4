// Google Cloud Storage through its JSON API over fetch, signed in with the connection's service account key (its JSON
// is the connection's secret; only client_email and private_key are used) for a read-only access token. The token is
// asked of the driver's token endpoint only (a key's own token_uri is never followed) and the API is the driver's:
// index.ts registers Google's, only tests pass others. Both hosts are checked against network.ts before each call
// and no redirect is followed (as for BigQuery, fetch dials them itself; both are Google's fixed names, never a user's).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { JWT } from 'google-auth-library';
import type { GcsConnectionOptions } from '@atlas/domain';
import { connectableAddress } from '../network.js';
import type { ConnectionTarget } from '../types.js';
import { DELIMITER, callStore, couldNotConnect, objectNotFound, storeError } from './common.js';
import type { StorageDriver, StoragePage } from './types.js';

/** Where the driver goes: the JSON API's root (`https://storage.googleapis.com`) and the OAuth token endpoint. */
export interface GcsEndpoints {
  api: string;
  token: string;
}

export const GOOGLE_STORAGE_ENDPOINTS: GcsEndpoints = { api: 'https://storage.googleapis.com', token: 'https://oauth2.googleapis.com/token' };

const READ_ONLY_SCOPE = 'https://www.googleapis.com/auth/devstorage.read_only';
const PROJECT_ID = /^[a-z0-9][a-z0-9.:-]{0,127}$/i;

/** The service account key: its JSON, of which only the account's e-mail and private key are used. */
function serviceAccount(target: ConnectionTarget): { email: string; key: string } {
  const secret = target.password();
  if (!secret) throw couldNotConnect('A Google Cloud Storage connection needs its service account key (JSON)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    throw couldNotConnect('The service account key is not JSON (it is the key file Google Cloud gives, as it is)');
  }
  const { client_email: email, private_key: key } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || typeof key !== 'string') throw couldNotConnect('The service account key has no client_email or private_key');
  return { email, key };
}

/** Google's error answer (`{error: {code, message}}`) as `status: message`. */
async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 1000);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; error_description?: unknown };
    const found = typeof parsed.error === 'object' ? parsed.error?.message : (parsed.error_description ?? parsed.error);
    if (typeof found === 'string') message = found;
  } catch {
    // Not JSON: the text as it is.
  }
  return new Error(`${response.status}: ${message}`);
}

class GcsSession {
  private constructor(
    private readonly endpoints: GcsEndpoints,
    private readonly target: ConnectionTarget,
    private readonly token: string,
  ) {}

  static async open(endpoints: GcsEndpoints, target: ConnectionTarget): Promise<GcsSession> {
    const account = serviceAccount(target);
    for (const url of [endpoints.api, endpoints.token]) await connectableAddress(new URL(url).hostname, target.allowedHosts);
    const auth = new JWT({ email: account.email, key: account.key, scopes: [READ_ONLY_SCOPE] });
    auth.transporter.interceptors.request.add({ resolved: async (config) => Object.assign(config, { url: new URL(endpoints.token) }) });
    let token: string | null | undefined;
    try {
      ({ token } = await auth.getAccessToken());
    } catch (error) {
      const status = (error as { status?: number; response?: { status?: number } }).response?.status ?? (error as { status?: number }).status;
      throw storeError(error, target, status, 'Could not connect to the storage');
    }
    if (!token) throw couldNotConnect('The token endpoint gave no access token');
    return new GcsSession(endpoints, target, token);
  }

  /** GET on the API; a refusal is the store's message (422), a failure to connect unreachable(). */
  async get(path: string, query: Record<string, string | undefined>, what: string, notFound?: () => Error): Promise<Response> {
    const url = new URL(path, this.endpoints.api);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
    const response = await callStore(url, { headers: { authorization: `Bearer ${this.token}` } }, this.target, what, notFound);
    if (response.ok) return response;
    throw storeError(await failure(response), this.target, response.status, what);
  }

  async json<T>(path: string, query: Record<string, string | undefined>, what: string): Promise<T> {
    return (await (await this.get(path, query, what)).json()) as T;
  }
}

interface BucketsAnswer {
  items?: Array<{ name: string }>;
  nextPageToken?: string;
}
interface ObjectsAnswer {
  items?: Array<{ name: string; size?: string; updated?: string }>;
  prefixes?: string[];
  nextPageToken?: string;
}

const bucketPath = (bucket: string) => `/storage/v1/b/${encodeURIComponent(bucket)}/o`;

export function gcsDriver(endpoints: GcsEndpoints = GOOGLE_STORAGE_ENDPOINTS): StorageDriver {
  return {
    async listBuckets(target, { pageToken, pageSize }): Promise<StoragePage> {
      const { projectId } = target.options as GcsConnectionOptions;
      if (!projectId) throw couldNotConnect('Listing buckets needs the connection\'s project ID (or name a bucket)');
      if (!PROJECT_ID.test(projectId)) throw couldNotConnect(`"${projectId}" is not a Google Cloud project ID`);
      const what = 'Could not list the buckets';
      const session = await GcsSession.open(endpoints, target);
      const answer = await session.json<BucketsAnswer>('/storage/v1/b', { project: projectId, maxResults: String(pageSize), pageToken }, what);
      return { items: (answer.items ?? []).map((bucket) => ({ kind: 'bucket' as const, key: bucket.name })), nextPageToken: answer.nextPageToken ?? null };
    },

    async listObjects(target, { bucket, prefix, pageToken, pageSize }): Promise<StoragePage> {
      const what = 'Could not list the objects';
      const session = await GcsSession.open(endpoints, target);
      const answer = await session.json<ObjectsAnswer>(bucketPath(bucket), { prefix, delimiter: DELIMITER, maxResults: String(pageSize), pageToken }, what);
      const folders = (answer.prefixes ?? []).map((folder) => ({ kind: 'folder' as const, key: folder }));
      const objects = (answer.items ?? []).map((object) => ({
        kind: 'object' as const,
        key: object.name,
        size: Number(object.size ?? 0),
        ...(object.updated ? { lastModified: new Date(object.updated).toISOString() } : {}),
      }));
      return { items: [...folders, ...objects], nextPageToken: answer.nextPageToken ?? null };
    },

    async openObject(target, bucket, key) {
      const what = 'Could not read the object';
      const session = await GcsSession.open(endpoints, target);
      const response = await session.get(`${bucketPath(bucket)}/${encodeURIComponent(key)}`, { alt: 'media' }, what, () => objectNotFound(bucket, key));
      const length = Number(response.headers.get('content-length'));
      return {
        body: response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]),
        size: Number.isFinite(length) && response.headers.has('content-length') ? length : null,
        contentType: response.headers.get('content-type'),
      };
    },
  };
}
