// Holding a workbook's editing lock while its editor is open, as the map builder holds a map's: refreshed well
// before it lapses (LOCK_TTL_SECONDS after it was last taken), released when the editor is left or the page goes
// away (a keepalive request, so it outlives the page). A release that never arrives leaves the lock to lapse.
import { useEffect, useMemo, useRef } from 'react';
import { createApiClient } from '@atlas/client';
import { LOCK_TTL_SECONDS } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSession } from '../../api/session';
import { watchPageLifecycle } from '../map-builder/pageLifecycle';

const REFRESH_MS = (LOCK_TTL_SECONDS * 1000) / 3;
const keepaliveFetch: typeof fetch = (input, init) => globalThis.fetch(input, { ...init, keepalive: true });

export function useWorkbookLock(workbookId: string, holding: boolean) {
  const client = useApiClient();
  const { token } = useSession();
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const releaser = useMemo(() => createApiClient({ baseUrl: client.http.baseUrl, getToken: () => tokenRef.current, fetch: keepaliveFetch }), [client]);

  useEffect(() => {
    if (!holding) return;
    // A failed refresh is retried on the next tick; the lock is held until it lapses.
    const timer = window.setInterval(() => void client.workbooks.get(workbookId, { acquireLock: true }).catch(() => undefined), REFRESH_MS);
    const release = () => void releaser.locks.release('workbook', workbookId).catch(() => undefined);
    const unwatch = watchPageLifecycle(window, {
      onHide: release,
      // Back from the back/forward cache with the lock released on the way out: a fresh open decides edit or read-only.
      onRestore: () => window.location.reload(),
    });
    return () => {
      window.clearInterval(timer);
      unwatch();
      release();
    };
  }, [client, releaser, workbookId, holding]);
}
