import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { labelPoint } from './label-point.js';

const square = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('labelPoint', () => {
  it('labels a convex shape at its centroid', () => {
    const { point } = labelPoint({ type: 'Polygon', coordinates: [square(0, 0, 4)] });
    expect(point[0]).toBeCloseTo(2);
    expect(point[1]).toBeCloseTo(2);
  });

  it('labels a U-shaped country inside it, not in the bay its centroid falls in', () => {
    // A U: two arms from x 0..2 and 8..10, joined along the bottom (y 0..2); the centroid lies in the open bay.
    const u: Position[] = [[0, 0], [10, 0], [10, 10], [8, 10], [8, 2], [2, 2], [2, 10], [0, 10], [0, 0]];
    const { point } = labelPoint({ type: 'Polygon', coordinates: [u] });
    const [x, y] = point as [number, number];
    const inArm = (x <= 2 || x >= 8) && y >= 0 && y <= 10;
    const inBase = y <= 2 && x >= 0 && x <= 10;
    expect(inArm || inBase).toBe(true);
  });

  it('labels a country in its largest part and ranks it by that part’s area', () => {
    const { point, area } = labelPoint({ type: 'MultiPolygon', coordinates: [[square(50, 0, 1)], [square(0, 0, 6)], [square(-20, 0, 2)]] });
    expect(point[0]).toBeCloseTo(3);
    expect(area).toBeGreaterThan(30);
    expect(area).toBeLessThan(36);
  });

  it('counts polar shapes smaller than equatorial ones of the same extent in degrees', () => {
    const polar = labelPoint({ type: 'Polygon', coordinates: [square(0, 70, 4)] }).area;
    const equatorial = labelPoint({ type: 'Polygon', coordinates: [square(0, -2, 4)] }).area;
    expect(polar).toBeLessThan(equatorial / 2);
  });
});
