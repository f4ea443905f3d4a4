// Building a dataset's vector tiles from the map builder (POST /v1/datasets/vectortile) and following a tileset's
// build until it is ready: the record's status goes pending → ready (or error) while metadata.vectorTile.progress
// goes 0 → 1 (docs/vector-tiles.md "Building").
import type { ApiClient } from '@atlas/client';
import type { CallerAction, Dataset, User } from '@atlas/domain';
import { canCreate, recordAbilities } from '../../catalogue';

/** Building copies the source's geometries into a new dataset of the caller's: copy on the source and a maker seat. */
export function mayBuildTiles(dataset: { actions: readonly CallerAction[] }, user: Pick<User, 'seat'>): boolean {
  return recordAbilities(dataset, user).clone && canCreate(user);
}

/** Starts the build; answers the new tileset, pending. */
export function startTileBuild(client: Pick<ApiClient, 'http'>, sourceId: string): Promise<Dataset> {
  return client.http.request<Dataset>('POST', '/v1/datasets/vectortile', { body: { source: sourceId } });
}

/** How far a tileset's build is (0..1), as its record says. */
export function buildShare(dataset: Pick<Dataset, 'metadata'>): number {
  const progress = (dataset.metadata.vectorTile as { progress?: unknown } | undefined)?.progress;
  return typeof progress === 'number' && Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
}

/** How often a pending tileset is read again: its progress is written at most twice a second. */
export const BUILD_POLL_MS = 1000;

export interface WaitOptions {
  onProgress(share: number): void;
  /** Stops waiting (the screen left). */
  signal?: AbortSignal;
  intervalMs?: number;
}

/** Reads the tileset until its build settles: the ready record, or an Error saying why it failed. */
export async function waitForTileset(client: Pick<ApiClient, 'datasets'>, dataset: Dataset, { onProgress, signal, intervalMs = BUILD_POLL_MS }: WaitOptions): Promise<Dataset> {
  let current = dataset;
  while (current.status === 'pending' || current.status === 'new') {
    onProgress(buildShare(current));
    await pause(intervalMs, signal);
    current = await client.datasets.get(current.id);
  }
  if (current.status === 'error') throw new Error(`The vector tiles could not be built: ${current.errorMessage ?? 'no reason given'}`);
  onProgress(1);
  return current;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
