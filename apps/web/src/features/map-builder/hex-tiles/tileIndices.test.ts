import { cellToParent, getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { cellBox, cellsCovering, dataResolution, readableResolution, tileResolution, tilesInView } from './tileIndices';

const LEVELS = { offset: 4, finest: 10, maxZoom: 6 };

describe('tile resolution by zoom', () => {
  it('reads the finest cells at least eight pixels wide, coarser away from the equator by Mercator', () => {
    // Zoom 11 at 46.5°: 26 m a pixel; res 9 hexagons (2 × 201 m) are 15 pixels, res 10 under 6.
    expect(readableResolution(11, 46.5)).toBe(9);
    expect(readableResolution(5.5, 46.5)).toBe(5);
    expect(readableResolution(15, 46.5)).toBe(12);
    // The whole world at zoom 0 (512 pixels): res 1 hexagons are 12 pixels wide.
    expect(readableResolution(0, 0)).toBe(1);
    expect(readableResolution(30, 0)).toBe(15);
    // The same zoom at the equator shows the ground smaller: coarser cells are readable.
    expect(readableResolution(11, 0)).toBeLessThanOrEqual(readableResolution(11, 60));
  });

  it("asks for tiles whose data cells are readable, within the tileset's tile resolutions", () => {
    expect(tileResolution(11, 46.5, LEVELS)).toBe(5);
    expect(tileResolution(5.5, 46.5, LEVELS)).toBe(1);
    // Past the deepest tiles the map keeps them (their cells grow on screen); above the coarsest, tiles of 0.
    expect(tileResolution(15, 46.5, LEVELS)).toBe(6);
    expect(tileResolution(1, 0, LEVELS)).toBe(0);
    expect(dataResolution(5, LEVELS)).toBe(9);
    expect(dataResolution(6, LEVELS)).toBe(10);
    expect(dataResolution(6, { offset: 4, finest: 8 })).toBe(8);
  });
});

describe('tiles covering a view', () => {
  it('are the cells of the tile resolution over the view, those only partly in it too', () => {
    const bounds: [number, number, number, number] = [2.3, 46.4, 2.7, 46.6];
    const cells = cellsCovering(bounds, 5);
    expect(cells.every((cell) => getResolution(cell) === 5)).toBe(true);
    expect(new Set(cells).size).toBe(cells.length);
    // Every point of the view lies in one of them, corners included.
    for (let lat = 46.4; lat <= 46.6; lat += 0.02) for (let lng = 2.3; lng <= 2.7; lng += 0.02) expect(cells).toContain(latLngToCell(lat, lng, 5));
    // None lies wholly outside it.
    for (const cell of cells) {
      const [west, south, east, north] = cellBox(cell);
      expect(west <= 2.7 && east >= 2.3 && south <= 46.6 && north >= 46.4).toBe(true);
    }
  });

  it('covers the whole world at resolution 0', () => {
    const cells = cellsCovering([-180, -85, 180, 85], 0);
    // All 122 resolution-0 cells but the polar ones beyond Mercator's reach.
    expect(cells.length).toBeGreaterThan(100);
    expect(cells).toContain(latLngToCell(0, 179, 0));
    expect(cells).toContain(latLngToCell(0, -179, 0));
  });

  it('answers the tile resolution and its tiles for a zoom, a few however deep the zoom', () => {
    const city = tilesInView({ zoom: 11, latitude: 46.5, bounds: [2.1, 46.3, 2.9, 46.7] }, LEVELS);
    expect(city.z).toBe(5);
    expect(city.cells).toContain(latLngToCell(46.5, 2.5, 5));
    const street = tilesInView({ zoom: 16, latitude: 46.5, bounds: [2.495, 46.498, 2.505, 46.502] }, LEVELS);
    expect(street.z).toBe(6);
    expect(street.cells).toContain(cellToParent(latLngToCell(46.5, 2.5, 10), 6));
    expect(street.cells.length).toBeLessThan(5);
  });
});
