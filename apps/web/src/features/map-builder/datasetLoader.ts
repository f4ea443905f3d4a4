// Datasets reach kepler.gl as Arrow from GET /v1/datasets/{id}/data: the bytes read whole with progress (started
// early by map-builder-prefetch when the route named the dataset), then parsed once.
import type { ApiClient } from '@atlas/client';
import { tableFromIPC, type Table } from 'apache-arrow';
import { fetchArrowBytes, type DownloadProgress, type PrefetchedDataset } from '../map-builder-prefetch';

export { BROWSER_BYTE_LIMIT, BROWSER_ROW_LIMIT, PROGRESS_INTERVAL_MS, tooLargeReason, type DownloadProgress } from '../map-builder-prefetch';

export interface DownloadOptions {
  onProgress(progress: DownloadProgress): void;
  signal?: AbortSignal;
  intervalMs?: number;
  /** The download started before the builder loaded; fetched here when it has none. */
  prefetched?: PrefetchedDataset;
}

/** Reads the dataset's Arrow data into a table, reporting bytes as they arrive (at most every `intervalMs`). */
export async function downloadArrow(client: Pick<ApiClient, 'http'>, datasetId: string, { prefetched, ...options }: DownloadOptions): Promise<Table> {
  prefetched?.watch(options.onProgress);
  const bytes = (await prefetched?.data) ?? (await fetchArrowBytes(client, datasetId, options));
  return tableFromIPC(bytes);
}

/** What a dataset too large for the browser is offered instead: its vector tiles, built on the server. */
export const BUILD_TILES_OFFER = 'Build its vector tiles to draw it from tiles instead.';
/** The same, to a user who may not build them (building copies the data into a new dataset of theirs). */
export const BUILD_TILES_REFUSED = 'Its vector tiles can be built by someone who may copy this dataset and has a maker seat.';
