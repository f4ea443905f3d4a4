import { vi } from 'vitest';
import { createHttp } from './http.js';

export type RecordedCall = [method: string | undefined, url: string, body: unknown];

/** A request function over a fake fetch that records [method, url, JSON body] and answers `{}`. */
export function recordingRequest() {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push([init?.method, String(url), init?.body === undefined ? undefined : JSON.parse(String(init.body))]);
    return new Response('{}');
  });
  const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  return { request, calls };
}
