// Rows (Arrow record batches) to GeoJSON features: a geometry column of GeoJSON or WKT text, or lat/lng columns.
import type { Feature, Geometry, Position } from 'geojson';
import { DataType, type RecordBatch, type Schema } from 'apache-arrow';
import { Messages } from '@atlas/domain';
import { invalidInput } from '../../http/errors.js';
import { parseWkt, UnsupportedWkt } from './wkt.js';

export type GeometrySource = { kind: 'geometry'; column: string } | { kind: 'points'; lat: string; lng: string };

export interface ColumnChoice {
  geometry: GeometrySource;
  /** Columns carried as properties. */
  properties: string[];
  /** Their TileJSON field types (Number, String, Boolean). */
  fields: Record<string, string>;
}

export interface ColumnRequest {
  geometryColumn?: string;
  latColumn?: string;
  lngColumn?: string;
  columns?: string[];
}

/** What the source says of itself when the request names no columns: the dataset profile, or names a query result uses. */
export interface ColumnHints {
  geometryColumn: string | null;
  latColumn: string | null;
  lngColumn: string | null;
}

const GEOMETRY_NAMES = ['geometry', 'geom', 'the_geom', 'wkt', 'geojson', 'shape'];
const LAT_NAMES = ['lat', 'latitude'];
const LNG_NAMES = ['lng', 'lon', 'long', 'longitude'];
const GEOJSON_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

const byName = (names: readonly string[], candidates: readonly string[]) =>
  candidates.map((wanted) => names.find((name) => name.toLowerCase() === wanted)).find((name) => name !== undefined) ?? null;

/** Hints for a query result, whose columns no profile describes: the usual names. */
export const hintsFromNames = (names: readonly string[]): ColumnHints => ({
  geometryColumn: byName(names, GEOMETRY_NAMES),
  latColumn: byName(names, LAT_NAMES),
  lngColumn: byName(names, LNG_NAMES),
});

const missing = (column: string, names: readonly string[]) =>
  invalidInput('Column not found', `No column "${column}" in the source; it has ${names.map((name) => `"${name}"`).join(', ') || 'no columns'}`);

function fieldType(type: DataType): string {
  if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type)) return 'Number';
  if (DataType.isBool(type)) return 'Boolean';
  return 'String';
}

/** Which columns hold the geometry and which become properties; 422 when the source has no geometry to tile. */
export function chooseColumns(schema: Schema, request: ColumnRequest, hints: ColumnHints): ColumnChoice {
  const names = schema.fields.map((field) => field.name);
  const need = (column: string) => {
    if (!names.includes(column)) throw missing(column, names);
    return column;
  };
  if ((request.latColumn === undefined) !== (request.lngColumn === undefined)) {
    throw invalidInput('Give both latColumn and lngColumn', 'Points need a latitude and a longitude column');
  }
  if (request.geometryColumn !== undefined && request.latColumn !== undefined) {
    throw invalidInput('Give geometryColumn or latColumn and lngColumn, not both', 'The geometry comes from one column, or from a latitude and a longitude');
  }
  let geometry: GeometrySource | null = null;
  if (request.geometryColumn !== undefined) geometry = { kind: 'geometry', column: need(request.geometryColumn) };
  else if (request.latColumn !== undefined) geometry = { kind: 'points', lat: need(request.latColumn), lng: need(request.lngColumn!) };
  else if (hints.geometryColumn && names.includes(hints.geometryColumn)) geometry = { kind: 'geometry', column: hints.geometryColumn };
  else if (hints.latColumn && hints.lngColumn && names.includes(hints.latColumn) && names.includes(hints.lngColumn)) {
    geometry = { kind: 'points', lat: hints.latColumn, lng: hints.lngColumn };
  }
  if (!geometry) {
    throw invalidInput('The source has no geometry', 'Name a column of GeoJSON or WKT geometries (geometryColumn), or latColumn and lngColumn');
  }
  const used = geometry.kind === 'geometry' ? [geometry.column] : [geometry.lat, geometry.lng];
  const properties = request.columns ? request.columns.map(need) : names.filter((name) => !used.includes(name));
  const fields = Object.fromEntries(properties.map((name) => [name, fieldType(schema.fields.find((field) => field.name === name)!.type)]));
  return { geometry, properties, fields };
}

/** A geometry that cannot be tiled, with the reason as the API says it. */
export class BadGeometry extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
  }
}

const validPosition = (position: Position) =>
  Array.isArray(position) &&
  typeof position[0] === 'number' &&
  typeof position[1] === 'number' &&
  Math.abs(position[0]) <= 180 &&
  Math.abs(position[1]) <= 90;

/** Every position of a geometry lies in longitude −180..180 and latitude −90..90. */
function checkCoordinates(geometry: Geometry): void {
  const visit = (value: unknown, depth: number): boolean =>
    depth === 0 ? validPosition(value as Position) : Array.isArray(value) && value.every((item) => visit(item, depth - 1));
  const depth: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };
  const ok = geometry.type === 'GeometryCollection' ? (geometry.geometries.forEach(checkCoordinates), true) : visit(geometry.coordinates, depth[geometry.type]!);
  if (!ok) throw new BadGeometry('Invalid coordinates', `A ${geometry.type} has coordinates that are not longitude −180..180, latitude −90..90`);
}

/** GeoJSON or WKT text to a geometry; null for empty values. */
export function readGeometry(value: unknown): Geometry | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new BadGeometry('Could not read the geometry', 'Geometries are GeoJSON or WKT text');
  const text = value.trim();
  let geometry: Geometry | null;
  if (text.startsWith('{')) {
    let parsed: { type?: unknown };
    try {
      parsed = JSON.parse(text) as { type?: unknown };
    } catch {
      throw new BadGeometry('Could not read the geometry', `Not GeoJSON: ${text.slice(0, 60)}`);
    }
    const type = String(parsed.type);
    if (!GEOJSON_TYPES.has(type)) throw new BadGeometry(Messages.unsupportedGeometryType(type), 'Geometries are Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection');
    geometry = parsed as Geometry;
  } else {
    try {
      geometry = parseWkt(text);
    } catch (error) {
      if (error instanceof UnsupportedWkt) throw new BadGeometry(Messages.unsupportedGeometryType(error.type), 'WKT geometries are POINT, MULTIPOINT, LINESTRING, MULTILINESTRING, POLYGON, MULTIPOLYGON or GEOMETRYCOLLECTION');
      throw new BadGeometry('Could not read the geometry', `Neither GeoJSON nor WKT: ${text.slice(0, 60)}`);
    }
  }
  if (geometry) checkCoordinates(geometry);
  return geometry;
}

/** A property value as a vector tile carries it: number, string or boolean; null is left out. */
export function propertyValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    default:
      if (value instanceof Date) return value.toISOString();
      return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? Number(inner) : inner));
  }
}

function pointOf(lat: unknown, lng: unknown): Geometry | null {
  if (lat === null || lat === undefined || lng === null || lng === undefined) return null;
  const position: Position = [Number(lng), Number(lat)];
  if (!validPosition(position)) throw new BadGeometry('Invalid coordinates', `Latitude ${String(lat)}, longitude ${String(lng)} is not a point on Earth`);
  return { type: 'Point', coordinates: position };
}

export interface BatchOutcome {
  features: Feature[];
  /** Rows without a geometry (null or empty). */
  empty: number;
  /** Rows whose geometry could not be read; the first reason. */
  invalid: number;
  firstError: BadGeometry | null;
}

/** The features of one record batch; rows that cannot be read are counted, not thrown (the caller decides). */
export function batchFeatures(batch: RecordBatch, choice: ColumnChoice): BatchOutcome {
  const outcome: BatchOutcome = { features: [], empty: 0, invalid: 0, firstError: null };
  const properties = choice.properties.map((name) => [name, batch.getChild(name)!] as const);
  const source = choice.geometry;
  const geometryColumn = source.kind === 'geometry' ? batch.getChild(source.column)! : null;
  const latColumn = source.kind === 'points' ? batch.getChild(source.lat)! : null;
  const lngColumn = source.kind === 'points' ? batch.getChild(source.lng)! : null;
  for (let row = 0; row < batch.numRows; row++) {
    let geometry: Geometry | null;
    try {
      geometry = geometryColumn ? readGeometry(geometryColumn.get(row)) : pointOf(latColumn!.get(row), lngColumn!.get(row));
    } catch (error) {
      if (!(error instanceof BadGeometry)) throw error;
      outcome.invalid++;
      outcome.firstError ??= error;
      continue;
    }
    if (!geometry) {
      outcome.empty++;
      continue;
    }
    const props: Record<string, string | number | boolean> = {};
    for (const [name, vector] of properties) {
      const value = propertyValue(vector.get(row));
      if (value !== null) props[name] = value;
    }
    outcome.features.push({ type: 'Feature', geometry, properties: props });
  }
  return outcome;
}
