// Saving a map: the map record (title, description, its datasets) and a studio state holding kepler.gl's config.
// The first save creates both; later saves update them under the editing lock.
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord, StateData } from '@atlas/domain';

export interface SaveMapInput {
  /** The saved record, or undefined for a map not saved yet. */
  map?: CatalogueRecord;
  title: string;
  description: string;
  /** Our dataset UUIDs, as kepler.gl knows them (info.id). */
  datasetIds: readonly string[];
  data: StateData;
}

type SaveClient = Pick<ApiClient, 'maps' | 'studioStates'>;

/** Saves and answers the record as it now is (with its latest state and the lock, taken or refreshed). */
export async function saveMap(client: SaveClient, { map, title, description, datasetIds, data }: SaveMapInput): Promise<CatalogueRecord> {
  if (!map) {
    const created = await client.maps.create({ name: title, description, datasets: [...datasetIds] });
    try {
      await client.studioStates.create({ mapId: created.id, data });
    } catch (error) {
      // A map without its state would open empty: take the record back (best effort) and report the failure.
      await client.maps.remove(created.id).catch(() => undefined);
      throw error;
    }
    return client.maps.get(created.id, { acquireLock: true });
  }
  const lock = { acquireLock: true };
  if (title !== map.name || description !== map.description) await client.maps.update(map.id, { name: title, description }, lock);
  const linked = new Set(map.datasets.map((dataset) => dataset.id));
  for (const id of datasetIds) if (!linked.has(id)) await client.maps.addDataset(map.id, id);
  for (const id of linked) if (!datasetIds.includes(id)) await client.maps.removeDataset(map.id, id);
  if (map.latestState) await client.studioStates.update(map.latestState.id, data, lock);
  else await client.studioStates.create({ mapId: map.id, data });
  return client.maps.get(map.id, lock);
}
