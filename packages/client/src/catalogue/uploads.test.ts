import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import { uploadWithPolicy } from './uploads.js';

const policy = (expiration = new Date(Date.now() + 60_000).toISOString()) => ({
  url: 'https://bucket.test/upload',
  fields: { key: 'map-assets/a/thumbnail', 'Content-Type': 'image/png', Policy: 'cG9saWN5', 'X-Amz-Signature': 'abc' },
  expiration,
});

/** A fake fetch that records the form it was given and answers `response`. */
function fakeFetch(response: () => Response) {
  const calls: Array<{ url: string; method: string | undefined; form: FormData; headers: RequestInit['headers'] }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method, form: init?.body as FormData, headers: init?.headers });
    return response();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

afterEach(() => vi.useRealTimers());

describe('uploadWithPolicy', () => {
  it('refuses to start without a policy', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    for (const missing of [null, undefined]) {
      await expect(uploadWithPolicy(missing, new Blob(['x']), { fetch })).rejects.toThrow(new Error('Record is not upload-ready'));
    }
    expect(calls).toEqual([]);
  });

  it('checks the expiry against the current time', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(uploadWithPolicy(policy('2030-01-01T00:00:00.000Z'), new Blob(['x']), { fetch })).rejects.toThrow('Upload policy has expired');
    await expect(uploadWithPolicy(policy('not a date'), new Blob(['x']), { fetch })).rejects.toThrow('Upload policy has expired');
    expect(calls).toEqual([]);
    await uploadWithPolicy(policy('2030-01-01T00:00:01.000Z'), new Blob(['x'], { type: 'image/png' }), { fetch });
    expect(calls).toHaveLength(1);
  });

  it('POSTs every policy field, then the file, to the policy url without our bearer token', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(uploadWithPolicy(policy(), new Blob(['png-bytes'], { type: 'image/png' }), { fetch })).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://bucket.test/upload');
    expect(call!.method).toBe('POST');
    expect(call!.headers).toBeUndefined();
    const entries = [...call!.form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(entries.slice(0, 4).map(([, value]) => value)).toEqual(['map-assets/a/thumbnail', 'image/png', 'cG9saWN5', 'abc']);
    const file = entries[4]![1] as Blob;
    expect(file.type).toBe('image/png');
    expect(await file.text()).toBe('png-bytes');
  });

  it('types an untyped file with the policy Content-Type', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    await uploadWithPolicy(policy(), new Blob(['raw']), { fetch });
    const file = calls[0]!.form.get('file') as Blob;
    expect(file.type).toBe('image/png');
    expect(await file.text()).toBe('raw');
  });

  it('reports a refused upload with its status and the response text', async () => {
    const xml = '<Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>';
    const { fetch } = fakeFetch(() => new Response(xml, { status: 403 }));
    const error = await uploadWithPolicy(policy(), new Blob(['x'], { type: 'image/png' }), { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Upload failed with status 403', details: xml, responseText: xml, url: 'https://bucket.test/upload' });
    expect((error as ApiError).displayText).toBe(`Upload failed with status 403 (${xml})`);
  });

  it('reports a network failure as status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await expect(uploadWithPolicy(policy(), new Blob(['x'], { type: 'image/png' }), { fetch })).rejects.toMatchObject({
      status: 0,
      message: 'Network error',
      details: 'fetch failed',
    });
  });
});
