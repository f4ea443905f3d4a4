// Frees the editing lock the moment the editor leaves the map, rather than when it lapses: on leaving the route (the
// builder unmounts) and when the page goes away (tab closed, reloaded, another site, the back/forward cache). The call
// has to outlive the page, so it is a keepalive fetch; navigator.sendBeacon would outlive it too but cannot carry the
// bearer token. A page the back/forward cache brings back takes the lock again before editing on.
import { useEffect, useMemo, useRef } from 'react';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { cancelPendingRelease, releaseAfterUnmount, useKeepaliveClient } from '../catalogue';
import { reacquireLock, watchPageLifecycle } from './pageLifecycle';

/**
 * While `holding` (the user edits the saved map `mapId` under its lock), releases the lock when the map is left, and
 * takes it again when the page returns from the back/forward cache (`onReacquired` gets the record, whose lock says
 * whether it is still ours). `keep()` skips the release on the next unmount: a map saved for the first time moves to
 * its own address, where the builder keeps editing under the same lock.
 */
export function useLockRelease(mapId: string | undefined, holding: boolean, onReacquired: (record: CatalogueRecord) => void): { keep(): void } {
  const client = useApiClient();
  const releaser = useKeepaliveClient();
  const holdingRef = useRef(holding);
  holdingRef.current = holding;
  const onReacquiredRef = useRef(onReacquired);
  onReacquiredRef.current = onReacquired;
  const kept = useRef(false);

  useEffect(() => {
    if (!mapId || !holding) return;
    cancelPendingRelease(`map:${mapId}`);
    // Best effort: a release that does not arrive leaves the lock to lapse on its own.
    const release = () => void releaser.locks.release('map', mapId).catch(() => undefined);
    const unwatch = watchPageLifecycle(window, {
      onHide: release,
      onRestore: () => void reacquireLock(client, mapId, { onRecord: (record) => onReacquiredRef.current(record), reload: () => window.location.reload() }),
    });
    return () => {
      unwatch();
      // Still holding at cleanup: the builder is leaving (not merely losing the lock to someone else).
      if (!holdingRef.current || kept.current) return;
      releaseAfterUnmount(`map:${mapId}`, release);
    };
  }, [mapId, holding, releaser, client]);

  return useMemo(() => ({ keep: () => void (kept.current = true) }), []);
}
