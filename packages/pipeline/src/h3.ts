// H3 helpers shared by the compiler (hexify, tileExtract) and the engine (the UDFs it registers),
// so that both compute cells the same way.
import { cellToParent, getHexagonAreaAvg, getResolution, isValidCell, latLngToCell, polygonToCells } from 'h3-js';
import type { Site } from './errors.js';
import { polygonsAreaKm2, type PolygonCoordinates } from './geojson.js';

export const MIN_H3_RESOLUTION = 0;
export const MAX_H3_RESOLUTION = 15;
/** Most cells hexify and tileExtract will enumerate. */
export const MAX_POLYGON_CELLS = 1_000_000;

const isResolution = (res: unknown): res is number =>
  typeof res === 'number' && Number.isInteger(res) && res >= MIN_H3_RESOLUTION && res <= MAX_H3_RESOLUTION;

/** True for a valid H3 cell index string (lower-case hex, as h3-js writes them). */
export function isH3Cell(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{15,16}$/.test(value) && isValidCell(value);
}

/**
 * `atlas_h3_cell(lat, lng, res)`: the cell containing a point at a resolution,
 * or null when an argument is null, not finite or out of range.
 */
export function h3CellOf(lat: number | null | undefined, lng: number | null | undefined, res: number | null | undefined): string | null {
  return isPointArgument(lat, lng, res) ? latLngToCell(lat!, lng!, res!) : null;
}

/** What the point functions accept: finite degrees in range and an integer resolution 0..15 (the engine's bulk path too). */
export function isPointArgument(lat: number | null | undefined, lng: number | null | undefined, res: number | null | undefined): boolean {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && isResolution(res);
}

/**
 * `atlas_h3_index(lat, lng, res)`: the same cell as its 64-bit index (what the tile builds sort, group and range-scan
 * by), or null as `atlas_h3_cell`.
 */
export function h3IndexOf(lat: number | null | undefined, lng: number | null | undefined, res: number | null | undefined): bigint | null {
  const cell = h3CellOf(lat, lng, res);
  return cell === null ? null : BigInt(`0x${cell}`);
}

/**
 * `atlas_h3_parent(cell, res)`: the ancestor of a cell at a coarser (or equal) resolution; the cell itself at its own
 * resolution; null when the cell is invalid or `res` is finer than the cell's resolution.
 */
export function h3ParentOf(cell: string | null | undefined, res: number | null | undefined): string | null {
  if (!isH3Cell(cell) || !isResolution(res)) return null;
  const own = getResolution(cell);
  if (res > own) return null;
  return res === own ? cell : cellToParent(cell, res);
}

/** Resolution of a valid cell. */
export function h3ResolutionOf(cell: string): number {
  return getResolution(cell);
}

/** The UDFs compiled duckdb SQL calls; the engine registers each with `fn` as its implementation. */
export const H3_UDFS = [
  { name: 'atlas_h3_cell', parameters: ['DOUBLE', 'DOUBLE', 'INTEGER'], returns: 'VARCHAR', fn: h3CellOf },
  { name: 'atlas_h3_index', parameters: ['DOUBLE', 'DOUBLE', 'INTEGER'], returns: 'UBIGINT', fn: h3IndexOf },
  { name: 'atlas_h3_parent', parameters: ['VARCHAR', 'INTEGER'], returns: 'VARCHAR', fn: h3ParentOf },
] as const;

/**
 * Every cell whose center lies in the polygons at `res`: union over polygons, deduplicated, sorted.
 * More than MAX_POLYGON_CELLS cells answers 422 `Polygon covers too many cells at resolution {res}`
 * (checked on an area estimate first, so huge polygons are refused before any enumeration).
 */
export function polygonCells(polygons: readonly PolygonCoordinates[], res: number, site: Site): string[] {
  const tooMany = () => site.reject(`Polygon covers too many cells at resolution ${res}`, `more than ${MAX_POLYGON_CELLS} cells`);
  const estimate = polygonsAreaKm2(polygons) / getHexagonAreaAvg(res, 'km2');
  if (estimate > MAX_POLYGON_CELLS * 1.5) tooMany();
  const cells = new Set<string>();
  for (const polygon of polygons) {
    for (const cell of polygonToCells(polygon as number[][][], res, true)) {
      cells.add(cell);
      if (cells.size > MAX_POLYGON_CELLS) tooMany();
    }
  }
  return [...cells].sort();
}
