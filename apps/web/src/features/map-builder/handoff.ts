// A map saved for the first time moves from /new to /{mapId}; its kepler.gl store moves with it, so the data
// already in the browser is not downloaded again.
import { clearHandedOff, markHandedOff } from '../map-builder-prefetch';
import type { MapStore } from './keplerStore';

const handedOff = new Map<string, MapStore>();

export function handOff(mapId: string, store: MapStore): void {
  handedOff.set(mapId, store);
  markHandedOff(mapId);
}

/** The store handed to this map, if any (read during render, so it stays until `releaseHandoff`). */
export function handedOffStore(mapId: string | undefined): MapStore | undefined {
  return mapId ? handedOff.get(mapId) : undefined;
}

/** Called when the screen that took the store leaves: the data then goes with it. */
export function releaseHandoff(mapId: string | undefined): void {
  if (!mapId) return;
  handedOff.delete(mapId);
  clearHandedOff(mapId);
}
