// Keeps the editing lock while the editor is here: the server lets a lock lapse LOCK_TTL_SECONDS after it was last
// taken, so a vanished editor frees the map on its own; this refreshes it well before that while the page is open.
import { useEffect, useRef } from 'react';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { LOCK_REFRESH_MS } from '../catalogue';

export function useLockRefresh(mapId: string | undefined, editing: boolean, onRecord: (record: CatalogueRecord) => void) {
  const client = useApiClient();
  const onRecordRef = useRef(onRecord);
  onRecordRef.current = onRecord;
  useEffect(() => {
    if (!mapId || !editing) return;
    const timer = window.setInterval(() => {
      client.maps.get(mapId, { acquireLock: true }).then(
        (record) => onRecordRef.current(record),
        // A failed refresh is retried on the next tick; the lock is still held until it lapses.
        () => undefined,
      );
    }, LOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [client, mapId, editing]);
}
