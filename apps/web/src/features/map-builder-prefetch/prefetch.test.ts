import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { BROWSER_ROW_LIMIT } from './limits';
import { prefetchDatasets, takePrefetch } from './prefetch';
import type { DownloadProgress } from './readBytes';

const BYTES = Uint8Array.from({ length: 300 }, (_, index) => index % 256);

/** A client answering the record (or a 404) and the data in chunks, recording each request and its signal. */
function fakeClient(record: Partial<Dataset> | 'missing') {
  const requests: Array<{ path: string; signal?: AbortSignal }> = [];
  const request = async (_method: string, path: string, options: { signal?: AbortSignal } = {}) => {
    requests.push({ path, signal: options.signal });
    if (!path.endsWith('/data')) {
      if (record === 'missing') throw new Error('Dataset not found (404)');
      return { id: 'd1', name: 'Visits', type: 'managed', metadata: {}, ...record };
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < BYTES.length; at += 100) controller.enqueue(BYTES.slice(at, at + 100));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-length': String(BYTES.length) } });
  };
  return { client: { http: { request } } as never, requests };
}

describe('prefetchDatasets', () => {
  it('reads the record then the data once, handed over once with its progress', async () => {
    const { client, requests } = fakeClient({});
    const leaving = new AbortController();
    prefetchDatasets(client, ['d1', 'd1'], leaving.signal);
    prefetchDatasets(client, ['d1'], leaving.signal);
    const prefetch = takePrefetch('d1');
    expect(takePrefetch('d1')).toBeUndefined();
    expect((await prefetch?.record)?.name).toBe('Visits');
    expect(await prefetch?.data).toEqual(BYTES);
    const seen: DownloadProgress[] = [];
    prefetch?.watch((progress) => seen.push(progress));
    expect(seen).toEqual([{ loaded: 300, total: 300 }]);
    expect(requests.map((entry) => entry.path)).toEqual(['/v1/datasets/d1', '/v1/datasets/d1/data']);
  });

  it('does not read the data of a dataset too large for the browser, nor of a tileset', async () => {
    for (const record of [{ metadata: { rowCount: BROWSER_ROW_LIMIT + 1 } }, { type: 'vector-tile' }, { type: 'hex-tile' }] as Partial<Dataset>[]) {
      const { client, requests } = fakeClient(record);
      prefetchDatasets(client, ['d1'], new AbortController().signal);
      expect(await takePrefetch('d1')?.data).toBeNull();
      expect(requests.map((entry) => entry.path)).toEqual(['/v1/datasets/d1']);
    }
  });

  it('fetches no data when the record is refused, and hands the failure over', async () => {
    const { client, requests } = fakeClient('missing');
    prefetchDatasets(client, ['d1'], new AbortController().signal);
    const prefetch = takePrefetch('d1');
    await expect(prefetch?.record).rejects.toThrow('404');
    await expect(prefetch?.data).rejects.toThrow('404');
    expect(requests).toHaveLength(1);
  });

  it('passes the leaving signal to its requests and forgets what was not taken when the user leaves', async () => {
    const { client, requests } = fakeClient({});
    const leaving = new AbortController();
    prefetchDatasets(client, ['d1'], leaving.signal);
    leaving.abort();
    expect(takePrefetch('d1')).toBeUndefined();
    expect(requests[0]?.signal).toBe(leaving.signal);
  });
});
