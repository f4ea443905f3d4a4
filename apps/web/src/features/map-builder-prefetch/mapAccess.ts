// Opening a saved map: for editing (taking its lock) when the user may write and nobody else holds it; read-only otherwise.
import { ApiError, type ApiClient } from '@atlas/client';
import type { CatalogueRecord, Lock } from '@atlas/domain';

export type MapAccess =
  | { mode: 'edit' }
  /** Another editor holds the lock: read-only until it is released or lapses. */
  | { mode: 'locked'; lock: Lock }
  /** The user may read the map, not edit it. */
  | { mode: 'view' };

type Client = Pick<ApiClient, 'maps'>;

export async function openMap(client: Client, mapId: string, userId: string): Promise<{ record: CatalogueRecord; access: MapAccess }> {
  let record: CatalogueRecord;
  try {
    record = await client.maps.get(mapId, { acquireLock: true });
  } catch (error) {
    // 403: the user may read but not write (taking the lock needs write).
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    return { record: await client.maps.get(mapId), access: { mode: 'view' } };
  }
  return { record, access: accessOf(record, userId) };
}

/** Editing when the record's lock is ours (or, after a lapse, nobody's). */
export function accessOf(record: CatalogueRecord, userId: string): MapAccess {
  return record.lock && record.lock.ownerId !== userId ? { mode: 'locked', lock: record.lock } : { mode: 'edit' };
}
