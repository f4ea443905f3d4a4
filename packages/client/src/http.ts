// The request core: URL and query building, bearer auth, response and error handling.
import { Messages, PLACEHOLDER_TOKEN } from '@atlas/domain';
import { ApiError, errorFromResponse } from './errors.js';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;
export type ResponseType = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'response';

/** A request body sent as it is (Blob, bytes, text, ReadableStream …). */
export type RawBody = NonNullable<RequestInit['body']>;

export interface RequestOptions<T> {
  query?: Query;
  /** JSON-encoded; sets content-type. */
  body?: unknown;
  /** Sent as it is (a file upload: Blob, bytes, text or a ReadableStream), instead of `body`; set content-type in `headers`. */
  rawBody?: RawBody;
  /** Applied last, so a caller may override content-type or authorization. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How an OK body is read (default 'json'). 204, or an empty JSON body, gives undefined. */
  responseType?: ResponseType;
  /** Runs first for every response; a result other than undefined wins, undefined falls through. */
  responseHandler?: (response: Response) => T | undefined | Promise<T | undefined>;
}

export interface HttpOptions {
  /** Origin and optional prefix, e.g. 'https://api.example.com' or '' for same-origin. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export function buildQuery(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createHttp({ baseUrl, getToken, fetch: fetchImpl }: HttpOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  /** `T` is what the call resolves to; calls that answer 204 should say `void`. */
  async function request<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { query, body, rawBody, signal, responseType = 'json', responseHandler } = options;
    const url = `${base}${path}${buildQuery(query)}`;
    // The spec sends a placeholder when signed out, so the server always sees a bearer header.
    const headers = new Headers({ authorization: `Bearer ${getToken?.() || PLACEHOLDER_TOKEN}` });
    if (body !== undefined) headers.set('content-type', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    // Looked up per call so tests and polyfills that replace globalThis.fetch later still apply.
    const doFetch = fetchImpl ?? globalThis.fetch;
    let response: Response;
    try {
      const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      // Streaming a request body needs half-duplex in fetch implementations that support it (Node's).
      const streaming = typeof ReadableStream !== 'undefined' && payload instanceof ReadableStream;
      response = await doFetch(url, { method, headers, signal, body: payload, ...(streaming ? { duplex: 'half' } : {}) } as RequestInit);
    } catch (error) {
      // A cancelled call is the caller's own doing, not a network failure: let it pass unchanged.
      if (signal?.aborted) throw error;
      const details = error instanceof Error ? error.message : String(error);
      throw new ApiError({ status: 0, message: 'Network error', details, url, cause: error });
    }

    if (responseHandler) {
      // A clone, so the body is still readable if the handler reads it and then falls through.
      const handled = await responseHandler(response.clone());
      if (handled !== undefined) return handled;
    }
    if (!response.ok) throw await errorFromResponse(response, url);
    return (await readBody(response, responseType, url)) as T;
  }

  return { request, baseUrl: base };
}
export type Http = ReturnType<typeof createHttp>;

async function readBody(response: Response, responseType: ResponseType, url: string): Promise<unknown> {
  if (responseType === 'response') return response;
  if (response.status === 204) return undefined;
  switch (responseType) {
    case 'text':
      return response.text();
    case 'blob':
      return response.blob();
    case 'arrayBuffer':
      return response.arrayBuffer();
    case 'json': {
      const text = await response.text();
      if (!text) return undefined;
      try {
        return JSON.parse(text);
      } catch (error) {
        // An OK answer we cannot read is still an API failure, reported the same way.
        const details = error instanceof Error ? error.message : String(error);
        throw new ApiError({ status: response.status, message: Messages.invalidResponseType, details, url, responseText: text });
      }
    }
  }
}
