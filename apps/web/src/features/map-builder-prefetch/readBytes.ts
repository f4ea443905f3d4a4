// A dataset's data read into one buffer with byte progress. Chunks gathered then joined once: parsing Arrow from a
// whole buffer is faster than reading it from a stream on a main thread busy starting kepler.gl.
import type { ApiClient } from '@atlas/client';
import { formatBytes } from '../datasets/format';
import { BROWSER_BYTE_LIMIT } from './limits';

export interface DownloadProgress {
  loaded: number;
  /** The response's Content-Length; null when the server streams without one. */
  total: number | null;
}

/**
 * How often progress is reported while bytes arrive. Each report re-renders the builder, and a stream arrives in
 * chunks of 64 KB: reporting each one spent more time rendering than reading (24 MB: 2.8 s instead of 0.7 s).
 */
export const PROGRESS_INTERVAL_MS = 100;

export interface ReadOptions {
  onProgress(progress: DownloadProgress): void;
  signal?: AbortSignal;
  intervalMs?: number;
}

/** GET /v1/datasets/{id}/data?format=arrow through the API client (its token), read into bytes. */
export async function fetchArrowBytes(client: Pick<ApiClient, 'http'>, datasetId: string, options: ReadOptions): Promise<Uint8Array> {
  const response = await client.http.request<Response>('GET', `/v1/datasets/${encodeURIComponent(datasetId)}/data`, {
    query: { format: 'arrow' },
    responseType: 'response',
    signal: options.signal,
  });
  return readBytes(response, options);
}

/** The response's body as one buffer, refusing (unread) a Content-Length beyond what the browser holds. */
export async function readBytes(response: Response, { onProgress, intervalMs = PROGRESS_INTERVAL_MS }: ReadOptions): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (total !== null && total > BROWSER_BYTE_LIMIT) {
    await response.body?.cancel();
    throw new Error(`The data is ${formatBytes(total)}; the browser holds up to ${formatBytes(BROWSER_BYTE_LIMIT)}.`);
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let reportedAt = performance.now();
  onProgress({ loaded, total });
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    loaded += next.value.byteLength;
    const now = performance.now();
    if (now - reportedAt >= intervalMs) {
      reportedAt = now;
      onProgress({ loaded, total });
    }
  }
  onProgress({ loaded, total });
  return join(chunks, loaded);
}

function join(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
