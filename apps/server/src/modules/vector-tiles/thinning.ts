// Keeping a tile under its byte cap: the least important features are dropped until the encoded tile fits.
import { fromGeojsonVt, type TileLayer } from 'vt-pbf';

/** Tiles are 4096 units wide (the vector tile specification's usual extent). */
export const TILE_EXTENT = 4096;

export type TileFeature = TileLayer['features'][number];

/** Encodes one layer as a Mapbox Vector Tile (version 2). */
export const encodeLayer = (layerName: string, features: readonly TileFeature[]): Uint8Array =>
  fromGeojsonVt({ [layerName]: { features } }, { version: 2, extent: TILE_EXTENT });

type Ring = ReadonlyArray<readonly [number, number]>;

/** Twice the signed area of a ring (shoelace); geojson-vt winds outer rings and holes oppositely, so they cancel. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return sum;
}

function lineLength(line: Ring): number {
  let sum = 0;
  for (let i = 1; i < line.length; i++) sum += Math.hypot(line[i]![0] - line[i - 1]![0], line[i]![1] - line[i - 1]![1]);
  return sum;
}

/** A stable pseudo-random rank in [0, 1) from a feature id, so that a point kept at one zoom is kept at the others. */
function idRank(id: unknown): number {
  let hash = (Number(id) | 0) ^ 0x9e3779b9;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/** Larger polygons, longer lines and (by a stable random rank) points matter more. */
function importance(feature: TileFeature): number {
  const geometry = feature.geometry as Ring[] | Ring;
  if (feature.type === 3) return Math.abs((geometry as Ring[]).reduce((sum, ring) => sum + ringArea(ring), 0));
  if (feature.type === 2) return (geometry as Ring[]).reduce((sum, line) => sum + lineLength(line), 0);
  return idRank(feature.id);
}

/** The most important `fraction` of each geometry type's features (at least one feature in all). */
function keepShare(ranked: ReadonlyArray<readonly TileFeature[]>, fraction: number): TileFeature[] {
  const kept = ranked.flatMap((features) => features.slice(0, Math.ceil(features.length * fraction)));
  return kept.length > 0 ? kept : ranked.find((features) => features.length > 0)!.slice(0, 1);
}

export interface EncodedTile {
  /** The encoded tile (not gzipped). */
  data: Uint8Array;
  features: number;
  /** Features dropped to fit the cap. */
  dropped: number;
}

/**
 * Encodes the features; when the tile exceeds `maxBytes` the features of each geometry type are ranked by importance
 * and the least important dropped, shrinking the kept share in proportion to the overshoot until it fits. A single
 * feature that alone exceeds the cap is kept (nothing smaller could show it).
 */
export function encodeWithinCap(layerName: string, features: readonly TileFeature[], maxBytes: number): EncodedTile {
  let data = encodeLayer(layerName, features);
  if (data.length <= maxBytes) return { data, features: features.length, dropped: 0 };
  const ranked = [1, 2, 3].map((type) =>
    features
      .filter((feature) => feature.type === type)
      .map((feature) => ({ feature, weight: importance(feature) }))
      .sort((a, b) => b.weight - a.weight)
      .map(({ feature }) => feature),
  );
  let fraction = 1;
  let kept: TileFeature[] = [...features];
  while (data.length > maxBytes && kept.length > 1) {
    fraction *= Math.min(0.9, (0.95 * maxBytes) / data.length);
    const next = keepShare(ranked, fraction);
    // At one feature per geometry type the share cannot shrink further: drop one at a time.
    kept = next.length < kept.length ? next : kept.slice(0, -1);
    data = encodeLayer(layerName, kept);
  }
  return { data, features: kept.length, dropped: features.length - kept.length };
}
