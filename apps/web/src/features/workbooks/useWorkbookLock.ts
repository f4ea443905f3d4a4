// Holding a workbook's editing lock while its editor is open, as the map builder holds a map's: refreshed well
// before it lapses (LOCK_TTL_SECONDS after it was last taken), released when the editor is left or the page goes
// away (a keepalive request, so it outlives the page). A release that never arrives leaves the lock to lapse.
import { useEffect } from 'react';
import { useApiClient } from '../../api/ApiClientContext';
import { cancelPendingRelease, LOCK_REFRESH_MS, releaseAfterUnmount, useKeepaliveClient } from '../catalogue';
import { watchPageLifecycle } from '../map-builder/pageLifecycle';

export function useWorkbookLock(workbookId: string, holding: boolean) {
  const client = useApiClient();
  const releaser = useKeepaliveClient();

  useEffect(() => {
    if (!holding) return;
    cancelPendingRelease(`workbook:${workbookId}`);
    // A failed refresh is retried on the next tick; the lock is held until it lapses.
    const timer = window.setInterval(() => void client.workbooks.get(workbookId, { acquireLock: true }).catch(() => undefined), LOCK_REFRESH_MS);
    const release = () => void releaser.locks.release('workbook', workbookId).catch(() => undefined);
    const unwatch = watchPageLifecycle(window, {
      onHide: release,
      // Back from the back/forward cache with the lock released on the way out: a fresh open decides edit or read-only.
      onRestore: () => window.location.reload(),
    });
    return () => {
      window.clearInterval(timer);
      unwatch();
      releaseAfterUnmount(`workbook:${workbookId}`, release);
    };
  }, [client, releaser, workbookId, holding]);
}
