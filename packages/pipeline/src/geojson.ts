// GeoJSON checks for hexify and tileExtract: Polygon and MultiPolygon geometries, bare or in Features
// and FeatureCollections.
import { Messages } from '@atlas/domain';
import { deepFreeze, isPlainObject, own, type JsonValue } from './canonical.js';
import { clip, type Site } from './errors.js';

/** A polygon as GeoJSON coordinates: rings of [lng, lat] positions, the first ring the outer one. */
export type PolygonCoordinates = readonly (readonly (readonly number[])[])[];

const OTHER_GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'GeometryCollection'];
const MAX_POSITIONS = 500_000;
const MAX_DEPTH = 32;

/** Copies a JSON value (checking it is JSON: plain objects, arrays, strings, finite numbers, booleans, null). */
export function copyJson(value: unknown, site: Site, depth = 0): JsonValue {
  if (depth > MAX_DEPTH) return site.fail(`value nests deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return site.fail('numbers must be finite');
    return Object.is(value, -0) ? 0 : value;
  }
  if (Array.isArray(value)) return value.map((item, index) => copyJson(item, site.at(index), depth + 1));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => value[key] !== undefined)
        .map((key) => [key, copyJson(value[key], site.at(key), depth + 1)]),
    );
  }
  return site.fail('value must be JSON');
}

interface Counter {
  positions: number;
}

function checkRing(value: unknown, site: Site, counter: Counter): (readonly number[])[] {
  if (!Array.isArray(value)) return site.fail('a linear ring must be a list of positions');
  if (value.length < 4) return site.fail('a linear ring needs at least 4 positions');
  counter.positions += value.length;
  if (counter.positions > MAX_POSITIONS) return site.fail(`GeoJSON has more than ${MAX_POSITIONS} positions`);
  const ring = value.map((position, index) => {
    const positionSite = site.at(index);
    if (!Array.isArray(position) || position.length < 2 || position.length > 3) return positionSite.fail('a position must be [lng, lat] or [lng, lat, alt]');
    if (!position.every((n) => typeof n === 'number' && Number.isFinite(n))) return positionSite.fail('position coordinates must be finite numbers');
    const [lng, lat] = position as number[];
    if (lng! < -180 || lng! > 180) return positionSite.fail('longitude must be within -180..180');
    if (lat! < -90 || lat! > 90) return positionSite.fail('latitude must be within -90..90');
    return position as number[];
  });
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return site.fail('a linear ring must be closed (first and last positions equal)');
  return ring;
}

function checkPolygon(value: unknown, site: Site, counter: Counter): PolygonCoordinates {
  if (!Array.isArray(value) || value.length === 0) return site.fail('Polygon coordinates must be a non-empty list of linear rings');
  return value.map((ring, index) => checkRing(ring, site.at(index), counter));
}

/** Checks a geometry; Polygon and MultiPolygon give their polygons, any other type answers `Unsupported geometry type: {type}`. */
function checkGeometry(value: unknown, site: Site, counter: Counter): PolygonCoordinates[] {
  if (!isPlainObject(value)) return site.fail('geometry must be a GeoJSON geometry object');
  const type = own(value, 'type');
  if (type === 'Polygon') return [checkPolygon(own(value, 'coordinates'), site.at('coordinates'), counter)];
  if (type === 'MultiPolygon') {
    const coordinates = own(value, 'coordinates');
    const coordinatesSite = site.at('coordinates');
    if (!Array.isArray(coordinates) || coordinates.length === 0) return coordinatesSite.fail('MultiPolygon coordinates must be a non-empty list of polygons');
    return coordinates.map((polygon, index) => checkPolygon(polygon, coordinatesSite.at(index), counter));
  }
  if (typeof type !== 'string' || type.length === 0) return site.at('type').fail('a GeoJSON object needs a type');
  const details = OTHER_GEOMETRY_TYPES.includes(type) ? 'only Polygon and MultiPolygon geometries are supported' : 'not a GeoJSON geometry type; only Polygon and MultiPolygon are supported';
  return site.at('type').withMessage(Messages.unsupportedGeometryType(clip(type))).fail(details);
}

function checkFeature(value: Record<string, unknown>, site: Site, counter: Counter): PolygonCoordinates[] {
  const geometry = own(value, 'geometry');
  if (geometry === null || geometry === undefined) {
    return site.at('geometry').withMessage(Messages.unsupportedGeometryType('null')).fail('the Feature has no geometry');
  }
  return checkGeometry(geometry, site.at('geometry'), counter);
}

export interface CheckedGeoJson {
  /** The value as given, copied and frozen (the canonical form keeps every member). */
  readonly geojson: JsonValue;
  readonly polygons: readonly PolygonCoordinates[];
}

/** hexify: a Polygon/MultiPolygon geometry, or a Feature or non-empty FeatureCollection of them. */
export function checkPolygonalGeoJson(value: unknown, site: Site): CheckedGeoJson {
  if (!isPlainObject(value)) return site.fail('geojson must be a GeoJSON object');
  const counter: Counter = { positions: 0 };
  const type = own(value, 'type');
  let polygons: PolygonCoordinates[];
  if (type === 'Feature') {
    polygons = checkFeature(value, site, counter);
  } else if (type === 'FeatureCollection') {
    const features = own(value, 'features');
    const featuresSite = site.at('features');
    if (!Array.isArray(features) || features.length === 0) return featuresSite.fail('a FeatureCollection needs a non-empty features list');
    polygons = features.flatMap((feature, index) => {
      if (!isPlainObject(feature) || own(feature, 'type') !== 'Feature') return featuresSite.at(index).fail('FeatureCollection members must be Features');
      return checkFeature(feature, featuresSite.at(index), counter);
    });
  } else {
    polygons = checkGeometry(value, site, counter);
  }
  return { geojson: deepFreeze(copyJson(value, site)), polygons: deepFreeze(polygons) };
}

/** tileExtract: a Feature whose geometry is a Polygon or MultiPolygon. */
export function checkPolygonFeature(value: unknown, site: Site): CheckedGeoJson {
  if (!isPlainObject(value) || own(value, 'type') !== 'Feature') return site.fail('feature must be a GeoJSON Feature');
  const polygons = checkFeature(value, site, { positions: 0 });
  return { geojson: deepFreeze(copyJson(value, site)), polygons: deepFreeze(polygons) };
}

/** Polygons of an already checked GeoJSON value (a stored node prop). */
export function polygonsOf(value: JsonValue): PolygonCoordinates[] {
  const object = value as Record<string, unknown>;
  const geometryPolygons = (geometry: Record<string, unknown>): PolygonCoordinates[] =>
    geometry['type'] === 'Polygon' ? [geometry['coordinates'] as PolygonCoordinates] : (geometry['coordinates'] as PolygonCoordinates[]);
  switch (object['type']) {
    case 'Feature':
      return geometryPolygons(object['geometry'] as Record<string, unknown>);
    case 'FeatureCollection':
      return (object['features'] as Record<string, unknown>[]).flatMap((feature) => geometryPolygons(feature['geometry'] as Record<string, unknown>));
    default:
      return geometryPolygons(object);
  }
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Area of a ring on the sphere in km² (Chamberlain & Duquette), always positive. */
function ringArea(ring: readonly (readonly number[])[]): number {
  let total = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [lng1, lat1] = ring[i] as [number, number];
    const [lng2, lat2] = ring[i + 1] as [number, number];
    total += toRadians(lng2 - lng1) * (2 + Math.sin(toRadians(lat1)) + Math.sin(toRadians(lat2)));
  }
  return Math.abs((total * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

/** Approximate area of polygons in km² (outer rings minus holes). */
export function polygonsAreaKm2(polygons: readonly PolygonCoordinates[]): number {
  let area = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      area += index === 0 ? ringArea(ring) : -ringArea(ring);
    });
  }
  return Math.max(0, area);
}
