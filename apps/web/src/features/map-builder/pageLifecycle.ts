// The page's own comings and goings as the editing lock needs them. `pagehide` fires when the page is closed,
// reloaded, left for another site, or frozen into the back/forward cache; `pageshow` with `persisted` fires when that
// cache brings it back, exactly as it was: the editor still open, but its lock released on the way out.
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord } from '@atlas/domain';

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Calls `onHide` whenever the page goes away, `onRestore` when the back/forward cache restores it; answers the unsubscribe. */
export function watchPageLifecycle(target: Target, { onHide, onRestore }: { onHide(): void; onRestore(): void }): () => void {
  const hide = () => onHide();
  const show = (event: Event) => {
    if ((event as Event & { persisted?: boolean }).persisted) onRestore();
  };
  target.addEventListener('pagehide', hide);
  target.addEventListener('pageshow', show);
  return () => {
    target.removeEventListener('pagehide', hide);
    target.removeEventListener('pageshow', show);
  };
}

/**
 * Takes the lock again for a restored page: the answer says whether the map is still ours to edit (someone else may
 * have taken it meanwhile, and the screen turns read-only). When the server cannot be asked, the page is reloaded
 * rather than left editing without a lock: a fresh open decides edit or read-only the usual way.
 */
export async function reacquireLock(
  client: Pick<ApiClient, 'maps'>,
  mapId: string,
  { onRecord, reload }: { onRecord(record: CatalogueRecord): void; reload(): void },
): Promise<void> {
  let record: CatalogueRecord;
  try {
    record = await client.maps.get(mapId, { acquireLock: true });
  } catch {
    return reload();
  }
  onRecord(record);
}
