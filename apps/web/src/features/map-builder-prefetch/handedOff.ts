// Which saved maps arrived with their data already in the builder (a map saved for the first time moves from /new to
// /{mapId} with its kepler.gl store): their datasets are not prefetched. The builder keeps the store itself
// (map-builder/handoff.ts) and tells this registry, so this bundle never names kepler.gl's types.
const handedOff = new Set<string>();

export function markHandedOff(mapId: string): void {
  handedOff.add(mapId);
}

export function isHandedOff(mapId: string): boolean {
  return handedOff.has(mapId);
}

export function clearHandedOff(mapId: string): void {
  handedOff.delete(mapId);
}
