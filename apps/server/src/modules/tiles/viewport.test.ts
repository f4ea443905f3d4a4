import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { longitudeSpan, viewportOf } from './repo.js';

describe('a tileset viewport', () => {
  it('spans the longitudes of the data the short way round', () => {
    expect(longitudeSpan([2, -5, 8])).toEqual({ west: -5, east: 8 });
    expect(longitudeSpan([179, -179, 178.5])).toEqual({ west: 178.5, east: -179 });
    expect(longitudeSpan([10])).toEqual({ west: 10, east: 10 });
  });

  it('covers cells of France from west to east', () => {
    const viewport = viewportOf([latLngToCell(48.85, 2.35, 5), latLngToCell(43.3, 5.37, 5), latLngToCell(47.2, -1.55, 5)])!;
    expect(viewport.minLng).toBeLessThan(-1.55);
    expect(viewport.maxLng).toBeGreaterThan(5.37);
    expect(viewport.minLng).toBeLessThan(viewport.maxLng);
    expect(viewport.minLat).toBeLessThan(43.3);
    expect(viewport.maxLat).toBeGreaterThan(48.85);
  });

  it('crosses the antimeridian around Fiji instead of spanning the world (west > east)', () => {
    const viewport = viewportOf([latLngToCell(-17.8, 177.4, 6), latLngToCell(-16.5, 179.9, 6), latLngToCell(-16.2, -179.9, 6), latLngToCell(-18.1, -178.5, 6)])!;
    expect(viewport.minLng).toBeGreaterThan(176);
    expect(viewport.minLng).toBeLessThan(177.4);
    expect(viewport.maxLng).toBeLessThan(-178);
    expect(viewport.maxLng).toBeGreaterThan(-178.5 - 1);
  });

  it('has none without cells', () => {
    expect(viewportOf([])).toBeNull();
  });
});
