// Downloads of the datasets a map opens with, started from the main bundle as soon as the route matches, while the
// map builder's chunk (kepler.gl, several MB) still loads; the builder takes them (takePrefetch) instead of fetching.
// A saved map is opened first (takeOpenedMap), since its record names its datasets.
import type { ApiClient } from '@atlas/client';
import type { Dataset } from '@atlas/domain';
import { isHandedOff } from './handedOff';
import { openMap } from './mapAccess';
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

/** The saved map as the builder opens it: its record and the access the user got. */
export type OpenedMap = Awaited<ReturnType<typeof openMap>>;

interface MapOpening {
  opened: Promise<OpenedMap>;
  discard?: ReturnType<typeof setTimeout>;
}

const openings = new Map<string, MapOpening>();

/**
 * Opens the saved map as the builder does (its lock taken when the user may edit), then starts its datasets until
 * `signal` aborts. The opening itself is not aborted: a lock taken by a request cut short could not be released.
 */
export function prefetchMap(client: Pick<ApiClient, 'http' | 'maps' | 'locks'>, mapId: string, userId: string, signal: AbortSignal): void {
  let opening = openings.get(mapId);
  // Left and entered again within the same task (React's StrictMode): the opening goes on.
  if (opening) clearTimeout(opening.discard);
  else openings.set(mapId, (opening = { opened: openMap(client, mapId, userId) }));
  const current = opening;
  // A map saved for the first time arrives with its data already in the builder.
  const handedOff = isHandedOff(mapId);
  current.opened.then(
    ({ record }) => {
      if (!handedOff && !signal.aborted) prefetchDatasets(client, record.datasets.map((dataset) => dataset.id), signal);
    },
    // A refusal or a 404 reaches the builder when it takes the opening.
    () => undefined,
  );
  signal.addEventListener(
    'abort',
    () => {
      current.discard = setTimeout(() => {
        if (openings.get(mapId) !== current) return;
        openings.delete(mapId);
        // Opened for editing and left before the builder took it: the lock is freed rather than left to lapse.
        current.opened.then(({ access }) => (access.mode === 'edit' ? client.locks.release('map', mapId) : undefined)).catch(() => undefined);
      }, 0);
    },
    { once: true },
  );
}

/** The saved map's opening ({@link openMap}'s answer or failure), handed over once (a second open reads it again). */
export function takeOpenedMap(mapId: string): Promise<OpenedMap> | undefined {
  const opening = openings.get(mapId);
  openings.delete(mapId);
  return opening?.opened;
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
