// Which hex tiles a view needs (docs/tiles.md "Drawing in the map builder"). A tile of resolution z is an H3 cell of
// resolution z holding the data cells of resolution min(z + offset, finest). The tile resolution follows the zoom so
// that data cells are drawn about MIN_CELL_PIXELS wide or more, capped at the tileset's deepest tiles (maxZoom);
// the tiles are the cells of that resolution covering the view.
import { cellToBoundary, cellToLatLng, getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';

/** A data cell narrower than this on screen is too fine to read: the view asks for coarser tiles instead. */
export const MIN_CELL_PIXELS = 8;
/** Web Mercator's pixel size at zoom 0 on the equator, in meters (the world is 512 pixels wide at zoom 0). */
const EQUATOR_METERS_PER_PIXEL = (2 * Math.PI * 6_378_137) / 512;
const MAX_LATITUDE = 85.0511;
const FINEST_H3 = 15;

export interface TileLevels {
  /** Resolutions between a tile and its data cells. */
  offset: number;
  /** The tileset's finest data resolution. */
  finest: number;
  /** The deepest tile resolution (docs/tiles.md: max(0, finest - offset)). */
  maxZoom: number;
}

/** The finest H3 resolution whose cells are at least `MIN_CELL_PIXELS` wide at this zoom and latitude. */
export function readableResolution(zoom: number, latitude: number): number {
  const metersPerPixel = (EQUATOR_METERS_PER_PIXEL * Math.cos((Math.min(Math.abs(latitude), MAX_LATITUDE) * Math.PI) / 180)) / 2 ** zoom;
  let res = 0;
  // A hexagon is about two edges wide.
  while (res < FINEST_H3 && (2 * getHexagonEdgeLengthAvg(res + 1, UNITS.m)) / metersPerPixel >= MIN_CELL_PIXELS) res++;
  return res;
}

/** The tile resolution for a view: its readable data resolution less the offset, within 0..maxZoom. */
export function tileResolution(zoom: number, latitude: number, levels: Pick<TileLevels, 'offset' | 'maxZoom'>): number {
  return tileOf(readableResolution(zoom, latitude), levels);
}

const tileOf = (readable: number, { offset, maxZoom }: Pick<TileLevels, 'offset' | 'maxZoom'>) => Math.max(0, Math.min(maxZoom, readable - offset));

/** The resolution of the data cells in a tile of resolution z. */
export const dataResolution = (z: number, { offset, finest }: Pick<TileLevels, 'offset' | 'finest'>) => Math.min(z + offset, finest);

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/** Kilometres in a degree of latitude. */
const KM_PER_DEGREE = 111.32;
/** At most this many samples across the view each way. */
const MAX_SAMPLES = 64;

/** A tile and the copy of the world it is drawn in: 0 is −180..180°, 1 the copy east of it (+360°), −1 west. */
export interface WorldCell {
  cell: string;
  world: number;
}

/**
 * A view's bounds as boxes within −180..180°, each with the world copy it shows: a view across the antimeridian
 * (deck.gl's bounds then run past ±180°) is two boxes, one each side. A view wider than the world is the world, once.
 */
export function worldPieces([west, south, east, north]: Bounds): { box: Bounds; world: number }[] {
  if (east - west >= 360) return [{ box: [-180, south, 180, north], world: 0 }];
  const world = Math.floor((west + 180) / 360);
  const [left, right] = [west - 360 * world, east - 360 * world];
  if (right <= 180) return [{ box: [left, south, right, north], world }];
  return [
    { box: [left, south, 180, north], world },
    { box: [-180, south, right - 360, north], world: world + 1 },
  ];
}

/**
 * The tiles of resolution z covering the bounds, on both sides of the antimeridian when the view crosses it (each
 * with the world copy it is drawn in: a cell astride the antimeridian is drawn once, in the copy nearest the view).
 */
export function tilesCovering(bounds: Bounds, z: number): WorldCell[] {
  const tiles = new Map<string, WorldCell>();
  for (const { box, world } of worldPieces(bounds)) {
    const middle = (box[0] + box[2]) / 2 + 360 * world;
    for (const cell of cellsCovering(box, z)) {
      const [left, , right] = cellBox(cell);
      const drawnIn = Math.round((middle - (left + right) / 2) / 360);
      tiles.set(`${cell}@${drawnIn}`, { cell, world: drawnIn });
    }
  }
  return [...tiles.values()];
}

/**
 * The cells of resolution z covering bounds within −180..180°: the cells of points sampled across the view, an
 * average cell edge apart (any point of the view is then within 0.71 edges of a sample, and a cell's neighbours cover
 * 1.7 edges around it, so a cell partly in view is one of them or a neighbour of one), then their neighbours whose box
 * meets the view. A few hundred latLngToCell calls: cheap enough for every frame of a pan (h3-js polygonToCells costs
 * milliseconds even for a handful of cells).
 */
export function cellsCovering(bounds: Bounds, z: number): string[] {
  const view = clamped(bounds);
  const [west, south, east, north] = view;
  const step = getHexagonEdgeLengthAvg(z, UNITS.km) / KM_PER_DEGREE;
  // A degree of longitude is longest nearest the equator: the step there holds everywhere in the view.
  const nearestEquator = south <= 0 && north >= 0 ? 0 : Math.min(Math.abs(south), Math.abs(north));
  const lngStep = Math.max(step / Math.cos((nearestEquator * Math.PI) / 180), (east - west) / MAX_SAMPLES);
  const latStep = Math.max(step, (north - south) / MAX_SAMPLES);
  const tiles = new Set<string>();
  for (let lat = south; lat < north + latStep; lat += latStep) {
    for (let lng = west; lng < east + lngStep; lng += lngStep) tiles.add(latLngToCell(Math.min(lat, north), Math.min(lng, east), z));
  }
  for (const tile of [...tiles]) {
    for (const neighbour of gridDisk(tile, 1)) if (!tiles.has(neighbour) && meets(neighbour, view)) tiles.add(neighbour);
  }
  return [...tiles];
}

function clamped([west, south, east, north]: Bounds): Bounds {
  return [Math.max(-180, west), Math.max(-MAX_LATITUDE, south), Math.min(180, east), Math.min(MAX_LATITUDE, north)];
}

/** Boxes of the cells last asked about: a pan asks about the same tiles frame after frame. */
const boxes = new Map<string, Bounds>();
const MAX_BOXES = 4096;

/** A cell's longitude/latitude box; a cell astride the antimeridian runs past 180° (its west side + 360°). */
export function cellBox(cell: string): Bounds {
  const known = boxes.get(cell);
  if (known) return known;
  const ring = cellToBoundary(cell, true);
  const across = ring.some(([lng]) => lng! > 90) && ring.some(([lng]) => lng! < -90);
  const longitudes = ring.map(([lng]) => (across && lng! < 0 ? lng! + 360 : lng!));
  const latitudes = ring.map(([, lat]) => lat!);
  const box: Bounds = [Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)];
  if (boxes.size >= MAX_BOXES) boxes.clear();
  boxes.set(cell, box);
  return box;
}

function meets(cell: string, [west, south, east, north]: Bounds): boolean {
  const [left, bottom, right, top] = cellBox(cell);
  // A cell astride the antimeridian also meets the view at its west side (its box − 360°).
  const across = (offset: number) => left - offset <= east && right - offset >= west;
  return (across(0) || (right > 180 && across(360))) && bottom <= north && top >= south;
}

/**
 * The world copy each of a tile's items is drawn in: the tile's own, but for a tile astride the antimeridian (boxed
 * past 180°) the items whose cell's centre is west of 0° belong to the copy east of it (their longitudes, −180° and
 * up, continue the tile's past 180°).
 */
export function itemsByWorld<T>(tile: string, world: number, items: readonly T[], cellOf: (item: T) => string): Array<{ items: readonly T[]; world: number }> {
  if (cellBox(tile)[2] <= 180) return [{ items, world }];
  const [west, east]: [T[], T[]] = [[], []];
  for (const item of items) (cellToLatLng(cellOf(item))[1]! < 0 ? east : west).push(item);
  return [
    { items: west, world },
    { items: east, world: world + 1 },
  ].filter((part) => part.items.length > 0);
}

/** The tiles a view needs: the cells covering it at the tile resolution its zoom and latitude ask for, each side of the antimeridian. */
export function tilesInView(view: { zoom: number; latitude: number; bounds: Bounds }, levels: TileLevels): { z: number; tiles: WorldCell[] } {
  const readable = readableResolution(view.zoom, view.latitude);
  const z = tileOf(readable, levels);
  return { z, tiles: tilesCovering(view.bounds, z) };
}
