import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@atlas/client';
import { clearHandedOff, markHandedOff } from './handedOff';
import { BROWSER_ROW_LIMIT } from './limits';
import { prefetchMap, takeOpenedMap, takePrefetch } from './prefetch';

const BYTES = Uint8Array.from({ length: 64 }, (_, index) => index);
const DATASETS: Record<string, object> = {
  fits: { id: 'fits', name: 'Visits', type: 'managed', metadata: {} },
  large: { id: 'large', name: 'Pings', type: 'managed', metadata: { rowCount: BROWSER_ROW_LIMIT + 1 } },
  tiles: { id: 'tiles', name: 'Roads', type: 'vector-tile', metadata: {} },
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The app's API client over a fake server: the map `m1` (answering `mapStatus` to the lock-taking open and
 * `readStatus` to a plain read) naming every dataset above, each request recorded with its token and signal.
 */
function fakeServer({ mapStatus = 200, readStatus = 200 } = {}) {
  const requests: Array<{ call: string; token: string | null; signal: AbortSignal | null | undefined }> = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const call = `${init.method} ${url.pathname}${url.search}`;
    requests.push({ call, token: new Headers(init.headers).get('authorization'), signal: init.signal });
    const map = url.pathname.match(/^\/v1\/maps\/(\w+)$/);
    if (map) {
      const status = url.searchParams.has('acquireLock') ? mapStatus : readStatus;
      if (status !== 200) return json({ message: status === 404 ? 'Map not found' : 'Forbidden', details: null, appStatusCode: status }, status);
      return json({ id: map[1], name: 'Shops', lock: null, latestState: null, datasets: Object.keys(DATASETS).map((id) => ({ id })) });
    }
    const dataset = url.pathname.match(/^\/v1\/datasets\/(\w+)(\/data)?$/);
    if (dataset?.[2]) return new Response(BYTES, { headers: { 'content-length': String(BYTES.length) } });
    if (dataset?.[1]) return json(DATASETS[dataset[1]]);
    if (url.pathname.startsWith('/v1/locks/')) return new Response(null, { status: 204 });
    return json({ message: 'Not found', details: null, appStatusCode: 404 }, 404);
  };
  const client = createApiClient({ baseUrl: 'https://studio.test', getToken: () => 'user-token', fetch: fetch as typeof globalThis.fetch });
  const calls = () => requests.map((entry) => entry.call);
  return { client, requests, calls };
}

/** Lets the fake answers and the timers they start run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('prefetchMap', () => {
  it('opens the map once with the user token, then reads each dataset once and only the data the browser holds', async () => {
    const { client, requests, calls } = fakeServer();
    prefetchMap(client, 'm1', 'u1', new AbortController().signal);
    const opened = takeOpenedMap('m1');
    expect(takeOpenedMap('m1')).toBeUndefined();
    expect((await opened)?.access).toEqual({ mode: 'edit' });
    await settle();
    const fits = takePrefetch('fits');
    expect(await fits?.data).toEqual(BYTES);
    expect(await takePrefetch('large')?.data).toBeNull();
    expect(await takePrefetch('tiles')?.data).toBeNull();
    expect(calls().sort()).toEqual(
      ['GET /v1/maps/m1?acquireLock=true', 'GET /v1/datasets/fits', 'GET /v1/datasets/fits/data?format=arrow', 'GET /v1/datasets/large', 'GET /v1/datasets/tiles'].sort(),
    );
    expect(new Set(requests.map((entry) => entry.token))).toEqual(new Set(['Bearer user-token']));
  });

  it('hands a 404 or an unreadable map to the builder unchanged and reads no dataset', async () => {
    for (const statuses of [{ mapStatus: 404 }, { mapStatus: 403, readStatus: 403 }]) {
      const { client, calls } = fakeServer(statuses);
      prefetchMap(client, 'm1', 'u1', new AbortController().signal);
      const failure = await takeOpenedMap('m1')?.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(statuses.readStatus ?? statuses.mapStatus);
      await settle();
      expect(calls().filter((call) => call.includes('/datasets/'))).toEqual([]);
    }
  });

  it('opens a map the user may only read without its lock, and prefetches its datasets', async () => {
    const { client, calls } = fakeServer({ mapStatus: 403 });
    prefetchMap(client, 'm1', 'u1', new AbortController().signal);
    expect((await takeOpenedMap('m1'))?.access).toEqual({ mode: 'view' });
    await settle();
    expect(await takePrefetch('fits')?.data).toEqual(BYTES);
    expect(calls().filter((call) => call.startsWith('GET /v1/maps/'))).toEqual(['GET /v1/maps/m1?acquireLock=true', 'GET /v1/maps/m1']);
  });

  it('on leaving, aborts the downloads, forgets the opening and frees the lock it took', async () => {
    const { client, requests, calls } = fakeServer();
    const leaving = new AbortController();
    prefetchMap(client, 'm1', 'u1', leaving.signal);
    await settle();
    leaving.abort();
    await settle();
    expect(takeOpenedMap('m1')).toBeUndefined();
    expect(takePrefetch('fits')).toBeUndefined();
    expect(requests.filter((entry) => entry.call.startsWith('GET /v1/datasets/')).every((entry) => entry.signal === leaving.signal)).toBe(true);
    expect(calls()).toContain('DELETE /v1/locks/map/m1');
  });

  it('keeps the opening when the route is left and entered again at once (StrictMode), and keeps the lock once taken', async () => {
    const { client, calls } = fakeServer();
    const first = new AbortController();
    prefetchMap(client, 'm1', 'u1', first.signal);
    first.abort();
    prefetchMap(client, 'm1', 'u1', new AbortController().signal);
    await settle();
    await takeOpenedMap('m1');
    expect(await takePrefetch('fits')?.data).toEqual(BYTES);
    expect(calls().filter((call) => call.startsWith('GET /v1/maps/') || call.startsWith('DELETE'))).toEqual(['GET /v1/maps/m1?acquireLock=true']);
  });

  it('reads no dataset of a map arriving with its data in the builder (saved for the first time)', async () => {
    const { client, calls } = fakeServer();
    markHandedOff('m1');
    prefetchMap(client, 'm1', 'u1', new AbortController().signal);
    await takeOpenedMap('m1');
    await settle();
    clearHandedOff('m1');
    expect(calls()).toEqual(['GET /v1/maps/m1?acquireLock=true']);
  });
});
