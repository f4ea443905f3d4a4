import { describe, expect, it } from 'vitest';
import { latLngToCell } from 'h3-js';
import { boundsOf, describeSource, detectMapSource, parseGeometry, toFeatures } from './mapSource';

const columns = (...list: Array<[string, string]>) => list.map(([name, type]) => ({ name, type }));

describe('detectMapSource', () => {
  it('takes the coordinates the load found', () => {
    const source = detectMapSource({ latColumn: 'Y_coord', lngColumn: 'X_coord' }, columns(['Y_coord', 'number'], ['X_coord', 'number']));
    expect(source).toEqual({ kind: 'points', lat: 'Y_coord', lng: 'X_coord' });
    expect(describeSource(source!)).toBe('points from Y_coord / X_coord');
  });

  it('falls back to numeric columns named like coordinates', () => {
    expect(detectMapSource({}, columns(['Latitude', 'number'], ['lon', 'integer'], ['name', 'string']))).toEqual({ kind: 'points', lat: 'Latitude', lng: 'lon' });
    expect(detectMapSource({}, columns(['lat', 'string'], ['lng', 'string']))).toBeNull();
  });

  it('finds geometry, then H3 cells', () => {
    expect(detectMapSource({ geometryColumn: 'shape' }, columns(['shape', 'geometry']))).toEqual({ kind: 'geometry', column: 'shape' });
    expect(detectMapSource({}, columns(['wkt', 'string']))).toEqual({ kind: 'geometry', column: 'wkt' });
    expect(detectMapSource({}, columns(['cell_id', 'h3'], ['visits', 'integer']))).toEqual({ kind: 'h3', column: 'cell_id' });
    expect(detectMapSource({}, columns(['hex', 'string']))).toEqual({ kind: 'h3', column: 'hex' });
    expect(detectMapSource({}, columns(['name', 'string'], ['visits', 'integer']))).toBeNull();
  });
});

describe('toFeatures', () => {
  it('draws points and skips rows without usable coordinates', () => {
    const rows = [
      { lat: 40.7, lng: -74, name: 'a' },
      { lat: null, lng: 1 },
      { lat: 95, lng: 1 },
      { lat: '51.5', lng: '-0.12' },
    ];
    const { collection, skipped } = toFeatures(rows, { kind: 'points', lat: 'lat', lng: 'lng' });
    expect(collection.features.map((feature) => feature.geometry)).toEqual([
      { type: 'Point', coordinates: [-74, 40.7] },
      { type: 'Point', coordinates: [-0.12, 51.5] },
    ]);
    expect(skipped).toBe(2);
    expect(boundsOf(collection)).toEqual([
      [-74, 40.7],
      [-0.12, 51.5],
    ]);
  });

  it('draws H3 cells as closed polygons, from hex text or 64-bit integers', () => {
    const cell = latLngToCell(40.7, -74, 7);
    const { collection, skipped } = toFeatures([{ h: cell }, { h: BigInt(`0x${cell}`).toString() }, { h: 'nope' }], { kind: 'h3', column: 'h' });
    expect(skipped).toBe(1);
    expect(collection.features).toHaveLength(2);
    const ring = (collection.features[0]!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(Math.abs(ring[0]![0]! + 74)).toBeLessThan(0.1);
  });

  it('reads GeoJSON and WKT geometry text', () => {
    expect(parseGeometry('{"type":"Point","coordinates":[1,2]}')).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(parseGeometry('POINT (1.5 -2)')).toEqual({ type: 'Point', coordinates: [1.5, -2] });
    expect(parseGeometry('SRID=4326;LINESTRING(0 0, 1 1)')).toEqual({ type: 'LineString', coordinates: [[0, 0], [1, 1]] });
    expect(parseGeometry('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] });
    expect(parseGeometry('MULTIPOINT ((1 2), (3 4))')).toEqual({ type: 'MultiPoint', coordinates: [[1, 2], [3, 4]] });
    expect(parseGeometry('POINT Z (1 2 3)')).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(parseGeometry('{"type":"Nope"}')).toBeNull();
    expect(parseGeometry('CIRCLE (1 2)')).toBeNull();
    expect(parseGeometry(42)).toBeNull();
  });
});
