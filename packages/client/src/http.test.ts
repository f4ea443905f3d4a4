import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.js';
import { buildQuery, createHttp, type HttpOptions } from './http.js';

type Call = { url: string; init: RequestInit };

/** A fake fetch answering with `respond()` and recording every call. */
function fakeFetch(respond: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function setup(respond: () => Response | Promise<Response>, options: Partial<HttpOptions> = {}) {
  const fake = fakeFetch(respond);
  const http = createHttp({ baseUrl: 'https://api.test/', fetch: fake.fetch, ...options });
  return { ...fake, http };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('buildQuery', () => {
  it('encodes values, repeats arrays and drops undefined', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
    expect(buildQuery({ q: 'a b&c', n: 0, on: false, id: ['x', 2], skip: undefined })).toBe('?q=a+b%26c&n=0&on=false&id=x&id=2');
  });
});

describe('createHttp', () => {
  it('sends the bearer token and parses JSON', async () => {
    const { http, calls } = setup(() => json({ ok: 1 }), { getToken: () => 'tok' });
    await expect(http.request('GET', '/v1/x', { query: { ids: ['a', 'b'], limit: 5, none: undefined } })).resolves.toEqual({ ok: 1 });
    expect(calls[0]?.url).toBe('https://api.test/v1/x?ids=a&ids=b&limit=5');
    expect(calls[0]?.init.method).toBe('GET');
    expect(header(calls[0], 'authorization')).toBe('Bearer tok');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(header(calls[0], 'content-type')).toBeNull();
  });

  it('sends the placeholder token when signed out', async () => {
    for (const getToken of [undefined, () => null, () => undefined, () => '']) {
      const { http, calls } = setup(() => json({}), { getToken });
      await http.request('GET', '/v1/x');
      expect(header(calls[0], 'authorization')).toBe('Bearer signed-out');
    }
  });

  it('JSON-encodes the body and lets caller headers win', async () => {
    const { http, calls } = setup(() => json({}));
    await http.request('POST', '/v1/x', { body: { a: 1 }, headers: { 'x-extra': 'y' } });
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(header(calls[0], 'x-extra')).toBe('y');
  });

  it('gives undefined for 204 and for an empty JSON body', async () => {
    await expect(setup(() => new Response(null, { status: 204 })).http.request('DELETE', '/v1/x')).resolves.toBeUndefined();
    await expect(setup(() => new Response('', { status: 200 })).http.request('GET', '/v1/x')).resolves.toBeUndefined();
  });

  it('reads other response types', async () => {
    const { http } = setup(() => new Response('hello'));
    await expect(http.request('GET', '/x', { responseType: 'text' })).resolves.toBe('hello');
    const buffer = await http.request<ArrayBuffer>('GET', '/x', { responseType: 'arrayBuffer' });
    expect(new TextDecoder().decode(buffer)).toBe('hello');
    const blob = await http.request<Blob>('GET', '/x', { responseType: 'blob' });
    expect(await blob.text()).toBe('hello');
    const response = await http.request<Response>('GET', '/x', { responseType: 'response' });
    expect(response.status).toBe(200);
  });

  it('throws ApiError for a non-OK response', async () => {
    const { http } = setup(() => json({ message: 'Nope', details: 'gone', appStatusCode: 'NOT_FOUND' }, 404));
    const error = await http.request('GET', '/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Nope', details: 'gone', appStatusCode: 'NOT_FOUND', url: 'https://api.test/v1/x' });
  });

  it('throws ApiError for an OK body that is not JSON', async () => {
    const { http } = setup(() => new Response('<html>'));
    await expect(http.request('GET', '/v1/x')).rejects.toMatchObject({ status: 200, message: 'Invalid response type', responseText: '<html>' });
  });

  it('lets a custom response handler deal with an error first', async () => {
    const { http } = setup(() => json({ message: 'Missing' }, 404));
    const result = await http.request<string>('GET', '/v1/x', {
      responseHandler: (response) => (response.status === 404 ? 'fallback' : undefined),
    });
    expect(result).toBe('fallback');
  });

  it('falls through to default handling when the handler returns undefined', async () => {
    const seen: number[] = [];
    const handler = async (response: Response) => {
      seen.push(response.status);
      await response.text(); // reading the body must not starve the default handling
      return undefined;
    };
    const failing = setup(() => json({ message: 'Boom', details: 'd' }, 500));
    await expect(failing.http.request('GET', '/v1/x', { responseHandler: handler })).rejects.toMatchObject({ status: 500, displayText: 'Boom (d)' });
    const ok = setup(() => json({ a: 1 }));
    await expect(ok.http.request('GET', '/v1/x', { responseHandler: handler })).resolves.toEqual({ a: 1 });
    expect(seen).toEqual([500, 200]);
  });

  it('turns a failed fetch into a network ApiError', async () => {
    const { http } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const error = await http.request('GET', '/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'Network error', details: 'fetch failed', url: 'https://api.test/v1/x' });
    expect((error as ApiError).displayText).toBe('Network error (fetch failed)');
  });

  it('passes a cancellation through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { http, calls } = setup(() => Promise.reject(abort));
    await expect(http.request('GET', '/v1/x', { signal: controller.signal })).rejects.toBe(abort);
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  it('works with an empty (same-origin) base URL', async () => {
    const { http, calls } = setup(() => json({}), { baseUrl: '' });
    await http.request('GET', '/v1/health');
    expect(calls[0]?.url).toBe('/v1/health');
  });
});
