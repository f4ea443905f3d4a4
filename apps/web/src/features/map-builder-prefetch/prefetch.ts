// Downloads of the datasets a map opens with, started from the main bundle as soon as the route matches, while the
// map builder's chunk (kepler.gl, several MB) still loads; the builder takes them (takePrefetch) instead of fetching.
import type { ApiClient } from '@atlas/client';
import type { Dataset } from '@atlas/domain';
import { tooLargeReason } from './limits';
import { fetchArrowBytes, type DownloadProgress } from './readBytes';

export interface DatasetPrefetch {
  /** GET /v1/datasets/{id}. */
  record: Promise<Dataset>;
  /** The Arrow bytes; null when the record says they are not read whole (a tileset, or too large for the browser). */
  data: Promise<Uint8Array | null>;
  /** Follows the data's bytes: the latest progress at once, then each report. */
  watch(onProgress: (progress: DownloadProgress) => void): void;
}

const pending = new Map<string, DatasetPrefetch>();

/** Starts reading each dataset (record, then data when it fits) until `signal` aborts: the user left the route. */
export function prefetchDatasets(client: Pick<ApiClient, 'http'>, datasetIds: readonly string[], signal: AbortSignal): void {
  for (const id of new Set(datasetIds)) {
    if (pending.has(id)) continue;
    const prefetch = startPrefetch(client, id, signal);
    pending.set(id, prefetch);
    // Left before the builder took it: a later visit fetches afresh.
    signal.addEventListener('abort', () => pending.get(id) === prefetch && pending.delete(id), { once: true });
  }
}

/** The dataset's prefetch, handed over once (a second load of it fetches again). */
export function takePrefetch(datasetId: string): DatasetPrefetch | undefined {
  const prefetch = pending.get(datasetId);
  pending.delete(datasetId);
  return prefetch;
}

function startPrefetch(client: Pick<ApiClient, 'http'>, id: string, signal: AbortSignal): DatasetPrefetch {
  let latest: DownloadProgress | null = null;
  let listener: ((progress: DownloadProgress) => void) | null = null;
  const onProgress = (progress: DownloadProgress) => {
    latest = progress;
    listener?.(progress);
  };
  const record = client.http.request<Dataset>('GET', `/v1/datasets/${encodeURIComponent(id)}`, { signal });
  // Only what the builder would download: the record is checked before the body is read.
  const data = record.then((dataset) => (readsWhole(dataset) ? fetchArrowBytes(client, id, { onProgress, signal }) : null));
  // Failures reach the builder when it takes the prefetch; one never taken is not an unhandled rejection.
  data.catch(() => undefined);
  return {
    record,
    data,
    watch(next) {
      listener = next;
      if (latest) next(latest);
    },
  };
}

function readsWhole(dataset: Dataset): boolean {
  return dataset.type !== 'vector-tile' && dataset.type !== 'hex-tile' && tooLargeReason(dataset) === null;
}
