import { describe, expect, it } from 'vitest';
import { parseWkt, UnsupportedWkt } from './wkt.js';

describe('parseWkt', () => {
  it('reads every simple type, Z/M dropped, EWKT and EMPTY', () => {
    expect(parseWkt('POINT (30 10)')).toEqual({ type: 'Point', coordinates: [30, 10] });
    expect(parseWkt('SRID=4326;POINT Z (1.5 -2e1 7)')).toEqual({ type: 'Point', coordinates: [1.5, -20] });
    expect(parseWkt('MULTIPOINT ((10 40), (40 30))')).toEqual({ type: 'MultiPoint', coordinates: [[10, 40], [40, 30]] });
    expect(parseWkt('MULTIPOINT (10 40, 40 30)')).toEqual({ type: 'MultiPoint', coordinates: [[10, 40], [40, 30]] });
    expect(parseWkt('linestring(30 10, 10 30, 40 40)')).toEqual({ type: 'LineString', coordinates: [[30, 10], [10, 30], [40, 40]] });
    expect(parseWkt('MULTILINESTRING ((10 10, 20 20), (40 40, 30 30))')).toEqual({ type: 'MultiLineString', coordinates: [[[10, 10], [20, 20]], [[40, 40], [30, 30]]] });
    expect(parseWkt('POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))')).toEqual({
      type: 'Polygon',
      coordinates: [[[0, 0], [4, 0], [4, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]],
    });
    expect(parseWkt('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))')).toEqual({
      type: 'MultiPolygon',
      coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]],
    });
    expect(parseWkt('GEOMETRYCOLLECTION (POINT (4 6), LINESTRING (4 6, 7 10))')).toEqual({
      type: 'GeometryCollection',
      geometries: [{ type: 'Point', coordinates: [4, 6] }, { type: 'LineString', coordinates: [[4, 6], [7, 10]] }],
    });
    expect(parseWkt('POLYGON EMPTY')).toBeNull();
    expect(parseWkt('POINT ZM EMPTY')).toBeNull();
  });

  it('names types it does not tile and refuses text that is not WKT', () => {
    expect(() => parseWkt('CIRCULARSTRING (0 0, 1 1, 2 0)')).toThrow(UnsupportedWkt);
    expect(() => parseWkt('POINT (1)')).toThrow();
    expect(() => parseWkt('POINT (1 2) trailing')).toThrow();
    expect(() => parseWkt('POLYGON ((0 0, 1 1)')).toThrow();
  });
});
