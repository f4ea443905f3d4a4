// What a dataset can be drawn as on the preview map, from what its load found (metadata latColumn/lngColumn,
// geometryColumn, column types 'h3' and 'geometry') or, for datasets described elsewhere, from column names; and the
// GeoJSON features of sample rows.
import { cellToBoundary, isValidCell } from 'h3-js';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

export interface DatasetColumn {
  name: string;
  type: string;
}

export type MapSource =
  | { kind: 'points'; lat: string; lng: string }
  | { kind: 'h3'; column: string }
  | { kind: 'geometry'; column: string };

const LAT_NAMES = ['lat', 'latitude', 'y'];
const LNG_NAMES = ['lng', 'lon', 'long', 'longitude', 'x'];
const H3_NAMES = ['h3', 'h3_index', 'h3index', 'hex', 'hex_id', 'hexid', 'h3_cell', 'cell'];
const GEOMETRY_NAMES = ['geometry', 'geom', 'wkt', 'geojson', 'shape'];
const NUMERIC = new Set(['number', 'integer']);

function named(columns: readonly DatasetColumn[], names: readonly string[], accept: (column: DatasetColumn) => boolean): string | null {
  for (const name of names) {
    const column = columns.find((candidate) => candidate.name.toLowerCase() === name && accept(candidate));
    if (column) return column.name;
  }
  return null;
}

const text = (column: DatasetColumn) => column.type === 'string';

/** Points first (the server found lat/lng), then geometry, then H3 cells; null when nothing can be drawn. */
export function detectMapSource(metadata: Record<string, unknown>, columns: readonly DatasetColumn[]): MapSource | null {
  const meta = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : null);
  const lat = meta('latColumn') ?? named(columns, LAT_NAMES, (column) => NUMERIC.has(column.type));
  const lng = meta('lngColumn') ?? named(columns, LNG_NAMES, (column) => NUMERIC.has(column.type));
  if (lat && lng) return { kind: 'points', lat, lng };
  const geometry = meta('geometryColumn') ?? columns.find((column) => column.type === 'geometry')?.name ?? named(columns, GEOMETRY_NAMES, text);
  if (geometry) return { kind: 'geometry', column: geometry };
  const h3 = columns.find((column) => column.type === 'h3')?.name ?? named(columns, H3_NAMES, text);
  if (h3) return { kind: 'h3', column: h3 };
  return null;
}

export function describeSource(source: MapSource): string {
  if (source.kind === 'points') return `points from ${source.lat} / ${source.lng}`;
  if (source.kind === 'h3') return `H3 cells from ${source.column}`;
  return `geometry from ${source.column}`;
}

const number = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN);

function point(row: Record<string, unknown>, lat: string, lng: string): Geometry | null {
  const y = number(row[lat]);
  const x = number(row[lng]);
  if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(y) > 90 || Math.abs(x) > 180) return null;
  return { type: 'Point', coordinates: [x, y] };
}

/** An H3 cell as hex text, or as a 64-bit integer (which arrives as decimal text: too large for a number). */
function h3Cell(value: unknown): Geometry | null {
  if (typeof value !== 'string') return null;
  const cell = /^\d+$/.test(value) ? BigInt(value).toString(16) : value.toLowerCase();
  if (!isValidCell(cell)) return null;
  const ring = cellToBoundary(cell, true);
  return { type: 'Polygon', coordinates: [ring] };
}

// ---- geometry text: GeoJSON, or WKT of the simple types ----

const GEOJSON_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

/** Nested WKT coordinate lists into arrays: "(1 2, 3 4)" → [[1, 2], [3, 4]]. */
function wktCoordinates(body: string): unknown {
  const json = body
    .trim()
    .replace(/\(/g, '[')
    .replace(/\)/g, ']')
    .replace(/(-?[\d.eE+-]+)\s+(-?[\d.eE+-]+)(\s+-?[\d.eE+-]+)*/g, '[$1,$2]');
  return JSON.parse(json);
}

const WKT_TYPES: Record<string, Geometry['type']> = {
  POINT: 'Point',
  MULTIPOINT: 'MultiPoint',
  LINESTRING: 'LineString',
  MULTILINESTRING: 'MultiLineString',
  POLYGON: 'Polygon',
  MULTIPOLYGON: 'MultiPolygon',
};

export function parseGeometry(value: unknown): Geometry | null {
  if (typeof value !== 'string') return value && typeof value === 'object' && GEOJSON_TYPES.has((value as Geometry).type) ? (value as Geometry) : null;
  const textValue = value.trim();
  try {
    if (textValue.startsWith('{')) {
      const parsed = JSON.parse(textValue) as Geometry;
      return GEOJSON_TYPES.has(parsed.type) ? parsed : null;
    }
    const match = /^(?:SRID=\d+;\s*)?([A-Z]+)\s*(?:Z|M|ZM)?\s*(\(.*\))$/is.exec(textValue);
    const type = match && WKT_TYPES[match[1]!.toUpperCase()];
    if (!type) return null;
    let coordinates = wktCoordinates(match![2]!) as Position | Position[];
    // POINT (1 2) reads as [[1, 2]]; MULTIPOINT ((1 2), (3 4)) as [[[1, 2]], [[3, 4]]].
    if (type === 'Point') coordinates = (coordinates as Position[])[0]!;
    if (type === 'MultiPoint') coordinates = (coordinates as unknown as Position[][]).map((entry) => (Array.isArray(entry[0]) ? entry[0] : entry) as Position);
    return { type, coordinates } as Geometry;
  } catch {
    return null;
  }
}

export interface SampleFeatures {
  collection: FeatureCollection;
  /** Rows that gave no drawable geometry (empty, out of range, unreadable). */
  skipped: number;
}

/** One feature per row that can be drawn; properties are the row's other cells. */
export function toFeatures(rows: ReadonlyArray<Record<string, unknown>>, source: MapSource): SampleFeatures {
  const features: Feature[] = [];
  let skipped = 0;
  for (const row of rows) {
    let geometry: Geometry | null;
    if (source.kind === 'points') geometry = point(row, source.lat, source.lng);
    else if (source.kind === 'h3') geometry = h3Cell(row[source.column]);
    else geometry = parseGeometry(row[source.column]);
    if (geometry) features.push({ type: 'Feature', geometry, properties: {} });
    else skipped += 1;
  }
  return { collection: { type: 'FeatureCollection', features }, skipped };
}

/** [[west, south], [east, north]] around every coordinate, or null when there is none. */
export function boundsOf(collection: FeatureCollection): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      west = Math.min(west, value[0]);
      east = Math.max(east, value[0]);
      south = Math.min(south, value[1]);
      north = Math.max(north, value[1]);
      return;
    }
    value.forEach(visit);
  };
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (geometry.type === 'GeometryCollection') geometry.geometries.forEach((part) => 'coordinates' in part && visit(part.coordinates));
    else visit(geometry.coordinates);
  }
  return Number.isFinite(west) ? [[west, south], [east, north]] : null;
}
