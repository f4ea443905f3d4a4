import { describe, expect, it } from 'vitest';
import { unwrapRing, unwrapShape } from './antimeridian.js';

describe('unwrapRing', () => {
  it('leaves a ring that does not cross the antimeridian as it is', () => {
    const ring = [[0, 0], [10, 0], [10, 10], [0, 0]];
    expect(unwrapRing(ring)).toBe(ring);
  });

  it('makes a ring that crosses the antimeridian twice continuous, east of it', () => {
    // An island from 178°E to 178°W, written as the sphere has it.
    const ring = [[178, -16], [180, -16], [-178, -16], [-178, -18], [-180, -18], [178, -18], [178, -16]];
    expect(unwrapRing(ring)).toEqual([[178, -16], [180, -16], [182, -16], [182, -18], [180, -18], [178, -18], [178, -16]]);
  });

  it('closes a ring that goes round the South Pole through the pole', () => {
    const ring = [[-180, -70], [-60, -65], [60, -72], [179, -70], [-180, -70]];
    const unwrapped = unwrapRing(ring);
    expect(unwrapped.slice(0, 5)).toEqual([[-180, -70], [-60, -65], [60, -72], [179, -70], [180, -70]]);
    expect(unwrapped.slice(5)).toEqual([[180, -90], [-180, -90], [-180, -70]]);
  });
});

describe('unwrapShape', () => {
  it('unwraps every ring of a multipolygon', () => {
    const shape = unwrapShape({ type: 'MultiPolygon', coordinates: [[[[179, 0], [-179, 0], [-179, 1], [179, 0]]], [[[0, 0], [1, 0], [1, 1], [0, 0]]]] });
    expect(shape.coordinates[0]![0]).toEqual([[179, 0], [181, 0], [181, 1], [179, 0]]);
    expect(shape.coordinates[1]![0]).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
  });

  it('drops a ring that only hugs the pole, so that the coastline becomes the outer ring', () => {
    const pole = [[-180, -89.999], [60, -89.999], [-60, -89.999], [-180, -90], [-180, -89.999]];
    const coast = [[-180, -70], [-60, -65], [60, -72], [179, -70], [-180, -70]];
    const shape = unwrapShape({ type: 'MultiPolygon', coordinates: [[pole, coast], [pole]] });
    expect(shape.coordinates).toHaveLength(1);
    expect(shape.coordinates[0]).toEqual([unwrapRing(coast)]);
  });
});
