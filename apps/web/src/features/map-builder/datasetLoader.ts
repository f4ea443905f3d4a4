// Datasets reach kepler.gl as Arrow from GET /v1/datasets/{id}/data, read as a stream with byte progress.
import type { ApiClient } from '@atlas/client';
import type { Dataset } from '@atlas/domain';
import { tableFromIPC, type Table } from 'apache-arrow';
import { formatBytes, formatCount } from '../datasets/format';
import { rowCountOf, sizeOf } from '../datasets/listing';

/**
 * What a browser tab holds comfortably: kepler.gl keeps the Arrow columns plus its own per-row buffers for every
 * layer, so ten million rows (or 2 GB of data) is where a tab on an 8 GB laptop starts to fail.
 */
export const BROWSER_ROW_LIMIT = 10_000_000;
export const BROWSER_BYTE_LIMIT = 2_000_000_000;

export interface DownloadProgress {
  loaded: number;
  /** The response's Content-Length; null when the server streams without one. */
  total: number | null;
}

/** Why a dataset is too large for the browser, or null when it fits (tilesets are drawn tile by tile: they fit). */
export function tooLargeReason(dataset: Dataset): string | null {
  if (dataset.type === 'vector-tile' || dataset.type === 'hex-tile') return null;
  const rows = rowCountOf(dataset);
  const size = sizeOf(dataset);
  if (rows !== null && rows > BROWSER_ROW_LIMIT) return `It has ${formatCount(rows)} rows; the browser holds up to ${formatCount(BROWSER_ROW_LIMIT)}.`;
  if (size !== null && size > BROWSER_BYTE_LIMIT) return `It holds ${formatBytes(size)}; the browser holds up to ${formatBytes(BROWSER_BYTE_LIMIT)}.`;
  return null;
}

/**
 * How often progress is reported while bytes arrive. Each report re-renders the builder, and a stream arrives in
 * chunks of 64 KB: reporting each one spent more time rendering than reading (24 MB: 2.8 s instead of 0.7 s).
 */
export const PROGRESS_INTERVAL_MS = 100;

/** Reads the dataset's Arrow stream into a table, reporting bytes as they arrive (at most every `intervalMs`). */
export async function downloadArrow(
  client: Pick<ApiClient, 'http'>,
  datasetId: string,
  { onProgress, signal, intervalMs = PROGRESS_INTERVAL_MS }: { onProgress(progress: DownloadProgress): void; signal?: AbortSignal; intervalMs?: number },
): Promise<Table> {
  const response = await client.http.request<Response>('GET', `/v1/datasets/${encodeURIComponent(datasetId)}/data`, {
    query: { format: 'arrow' },
    responseType: 'response',
    signal,
  });
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (total !== null && total > BROWSER_BYTE_LIMIT) {
    await response.body?.cancel();
    throw new Error(`The data is ${formatBytes(total)}; the browser holds up to ${formatBytes(BROWSER_BYTE_LIMIT)}.`);
  }
  if (!response.body) return tableFromIPC(new Uint8Array(await response.arrayBuffer()));
  let loaded = 0;
  let reportedAt = performance.now();
  onProgress({ loaded, total });
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        const now = performance.now();
        if (now - reportedAt >= intervalMs) {
          reportedAt = now;
          onProgress({ loaded, total });
        }
        controller.enqueue(chunk);
      },
      flush() {
        onProgress({ loaded, total });
      },
    }),
  );
  return tableFromIPC(counted);
}

/** What a dataset too large for the browser is offered instead: its vector tiles, built on the server. */
export const BUILD_TILES_OFFER = 'Build its vector tiles to draw it from tiles instead.';
/** The same, to a user who may not build them (building copies the data into a new dataset of theirs). */
export const BUILD_TILES_REFUSED = 'Its vector tiles can be built by someone who may copy this dataset and has a maker seat.';
