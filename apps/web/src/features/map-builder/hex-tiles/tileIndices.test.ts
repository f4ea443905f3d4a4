import { cellToChildren, cellToParent, getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { cellBox, cellsCovering, dataResolution, itemsByWorld, readableResolution, tileResolution, tilesCovering, tilesInView, worldPieces } from './tileIndices';

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
    expect(city.tiles).toContainEqual({ cell: latLngToCell(46.5, 2.5, 5), world: 0 });
    const street = tilesInView({ zoom: 16, latitude: 46.5, bounds: [2.495, 46.498, 2.505, 46.502] }, LEVELS);
    expect(street.z).toBe(6);
    expect(street.tiles).toContainEqual({ cell: cellToParent(latLngToCell(46.5, 2.5, 10), 6), world: 0 });
    expect(street.tiles.length).toBeLessThan(5);
  });
});

describe('tiles across the antimeridian', () => {
  it('splits a view running past 180° into a box each side, with the world copy each shows', () => {
    expect(worldPieces([170, -10, 190, 10])).toEqual([
      { box: [170, -10, 180, 10], world: 0 },
      { box: [-180, -10, -170, 10], world: 1 },
    ]);
    expect(worldPieces([-190, -10, -170, 10])).toEqual([
      { box: [170, -10, 180, 10], world: -1 },
      { box: [-180, -10, -170, 10], world: 0 },
    ]);
    expect(worldPieces([2, 40, 3, 41])).toEqual([{ box: [2, 40, 3, 41], world: 0 }]);
    expect(worldPieces([-300, -80, 300, 80])).toEqual([{ box: [-180, -80, 180, 80], world: 0 }]);
  });

  it("asks for the tiles on both sides, those east of 180° drawn in the world copy east of the view's", () => {
    // Fiji's longitudes: 177° E to 178° W, seen from a map centred on 180°.
    const tiles = tilesCovering([177, -18.5, 182, -16], 3);
    expect(tiles).toContainEqual({ cell: latLngToCell(-17, 178, 3), world: 0 });
    expect(tiles).toContainEqual({ cell: latLngToCell(-17, -178.5, 3), world: 1 });
    // Every point of the view lies in a tile drawn where the view shows it.
    for (let lng = 177; lng <= 182; lng += 0.25) {
      const cell = latLngToCell(-17, lng > 180 ? lng - 360 : lng, 3);
      const [west, , east] = cellBox(cell);
      const world = tiles.find((tile) => tile.cell === cell)?.world;
      expect(world).toBeDefined();
      expect(west + 360 * world! <= lng && east + 360 * world! >= lng).toBe(true);
    }
    // Each tile once.
    expect(new Set(tiles.map((tile) => tile.cell)).size).toBe(tiles.length);
  });

  it('boxes a cell astride the antimeridian past 180°, not around the world', () => {
    const cell = latLngToCell(0, 180, 0);
    const [west, , east] = cellBox(cell);
    expect(east - west).toBeLessThan(60);
    expect(west < 180 && east > 180).toBe(true);
    // It meets views on both sides.
    expect(cellsCovering([-179.9, -1, -179, 1], 0)).toContain(cell);
    expect(cellsCovering([179, -1, 179.9, 1], 0)).toContain(cell);
  });

  it("draws the cells of a tile astride it west of 0° in the world copy east of the tile's", () => {
    const tile = latLngToCell(-17, 180, 2);
    const cells = cellToChildren(tile, 4);
    const parts = itemsByWorld(tile, 0, cells, (cell) => cell);
    expect(parts.map((part) => part.world)).toEqual([0, 1]);
    expect(parts[1]!.items.length).toBeGreaterThan(0);
    expect(parts[0]!.items.length + parts[1]!.items.length).toBe(cells.length);
    // A tile off the antimeridian is drawn whole in its own copy.
    const paris = latLngToCell(48.8, 2.3, 2);
    expect(itemsByWorld(paris, -1, ['a'], () => paris)).toEqual([{ items: ['a'], world: -1 }]);
  });
});
