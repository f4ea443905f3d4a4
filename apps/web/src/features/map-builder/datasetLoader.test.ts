import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { BROWSER_BYTE_LIMIT, BROWSER_ROW_LIMIT, downloadArrow, tooLargeReason, type DownloadProgress } from './datasetLoader';

const dataset = (metadata: Record<string, unknown>, type: Dataset['type'] = 'managed') => ({ metadata, type }) as unknown as Dataset;

describe('tooLargeReason', () => {
  it('lets datasets up to the limits through', () => {
    expect(tooLargeReason(dataset({ rowCount: BROWSER_ROW_LIMIT, sizeBytes: BROWSER_BYTE_LIMIT }))).toBeNull();
    expect(tooLargeReason(dataset({}))).toBeNull();
  });

  it('lets tilesets through whatever their size: they are drawn tile by tile', () => {
    expect(tooLargeReason(dataset({ rowCount: 12_000_000 }, 'vector-tile'))).toBeNull();
    expect(tooLargeReason(dataset({ rowCount: 12_000_000 }, 'hex-tile'))).toBeNull();
  });

  it('names the number of rows or bytes and the limit', () => {
    expect(tooLargeReason(dataset({ rowCount: 12_000_000 }))).toBe('It has 12,000,000 rows; the browser holds up to 10,000,000.');
    expect(tooLargeReason(dataset({ sizeBytes: 3_000_000_000 }))).toBe('It holds 3.0 GB; the browser holds up to 2.0 GB.');
  });
});

/** A client whose request answers the bytes as a Response streamed in chunks. */
function clientAnswering(bytes: Uint8Array, headers: Record<string, string> = {}) {
  const requests: Array<{ path: string; options: unknown }> = [];
  const request = async (_method: string, path: string, options: unknown) => {
    requests.push({ path, options });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64) controller.enqueue(bytes.slice(at, at + 64));
        controller.close();
      },
    });
    return new Response(body, { headers });
  };
  return { client: { http: { request } } as never, requests };
}

describe('downloadArrow', () => {
  const ipc = tableToIPC(tableFromArrays({ lat: Float64Array.from([1, 2, 3]), name: ['a', 'b', 'c'] }), 'stream');

  it('reads the Arrow stream into a table, reporting bytes against Content-Length', async () => {
    const { client, requests } = clientAnswering(ipc, { 'content-length': String(ipc.byteLength) });
    const seen: DownloadProgress[] = [];
    const table = await downloadArrow(client, 'd 1', { onProgress: (progress) => seen.push(progress), intervalMs: 0 });
    expect(table.numRows).toBe(3);
    expect(table.getChild('name')?.toArray()).toEqual(['a', 'b', 'c']);
    expect(requests[0]?.path).toBe('/v1/datasets/d%201/data');
    expect(seen[0]).toEqual({ loaded: 0, total: ipc.byteLength });
    expect(seen.at(-1)).toEqual({ loaded: ipc.byteLength, total: ipc.byteLength });
    expect(seen.length).toBeGreaterThan(2);
  });

  it('reports at most once an interval while bytes arrive, and always the last count', async () => {
    const { client } = clientAnswering(ipc, { 'content-length': String(ipc.byteLength) });
    const seen: DownloadProgress[] = [];
    await downloadArrow(client, 'd1', { onProgress: (progress) => seen.push(progress), intervalMs: 60_000 });
    expect(seen).toEqual([
      { loaded: 0, total: ipc.byteLength },
      { loaded: ipc.byteLength, total: ipc.byteLength },
    ]);
  });

  it('reports bytes without a total when the server sends no Content-Length', async () => {
    const { client } = clientAnswering(ipc);
    const seen: DownloadProgress[] = [];
    await downloadArrow(client, 'd1', { onProgress: (progress) => seen.push(progress) });
    expect(seen.at(-1)).toEqual({ loaded: ipc.byteLength, total: null });
  });

  it('refuses data larger than the browser holds before reading it', async () => {
    const { client } = clientAnswering(ipc, { 'content-length': String(BROWSER_BYTE_LIMIT + 1) });
    await expect(downloadArrow(client, 'd1', { onProgress: () => undefined })).rejects.toThrow('the browser holds up to 2.0 GB');
  });
});

describe('downloadArrow with a prefetch', () => {
  const ipc = tableToIPC(tableFromArrays({ lat: Float64Array.from([1, 2]) }), 'stream');
  const prefetched = (data: Uint8Array | null, progress: DownloadProgress[]) => ({
    record: Promise.resolve({} as Dataset),
    data: Promise.resolve(data),
    watch: (onProgress: (progress: DownloadProgress) => void) => progress.forEach(onProgress),
  });

  it('parses the prefetched bytes and reports their progress, without a request of its own', async () => {
    const { client, requests } = clientAnswering(ipc);
    const seen: DownloadProgress[] = [];
    const done = { loaded: ipc.byteLength, total: ipc.byteLength };
    const table = await downloadArrow(client, 'd1', { onProgress: (progress) => seen.push(progress), prefetched: prefetched(ipc, [done]) });
    expect(table.numRows).toBe(2);
    expect(seen).toEqual([done]);
    expect(requests).toHaveLength(0);
  });

  it('fetches the data itself when the prefetch did not read it', async () => {
    const { client, requests } = clientAnswering(ipc);
    const table = await downloadArrow(client, 'd1', { onProgress: () => undefined, prefetched: prefetched(null, []) });
    expect(table.numRows).toBe(2);
    expect(requests).toHaveLength(1);
  });
});
