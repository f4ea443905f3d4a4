import { cellToParent, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { hexTilesetClass, type HexTileIndex } from './HexTileset2D';

const LEVELS = { offset: 4, finest: 10, maxZoom: 6 };
const view = { zoom: 11, latitude: 46.5, longitude: 2.5, getBounds: () => [2.3, 46.4, 2.7, 46.6] };
const options = { getTileData: () => null };

describe('HexTileset2D', () => {
  it('asks for the cells covering the view at the tile resolution of its zoom, indexed by cell and resolution', () => {
    const tileset = new (hexTilesetClass(LEVELS, {}))(options);
    const indices = tileset.getTileIndices({ viewport: view } as never) as unknown as HexTileIndex[];
    const center = latLngToCell(46.5, 2.5, 5);
    expect(indices).toContainEqual({ i: center, z: 5, w: 0 });
    expect(indices.every((index) => index.z === 5)).toBe(true);
    expect(tileset.getTileId({ i: center, z: 5, w: 0 } as never)).toBe(center);
    expect(tileset.getTileId({ i: center, z: 5, w: 1 } as never)).toBe(`${center}@1`);
    expect(tileset.getTileZoom({ i: center, z: 5 } as never)).toBe(5);
    expect(tileset.getParentIndex({ i: center, z: 5, w: 1 } as never)).toEqual({ i: cellToParent(center, 4), z: 4, w: 1 });
    const { bbox } = tileset.getTileMetadata({ i: center, z: 5, w: 0 } as never) as { bbox: { west: number; south: number; east: number; north: number } };
    expect(bbox.west < 2.5 && bbox.east > 2.5 && bbox.south < 46.5 && bbox.north > 46.5).toBe(true);
  });

  it("asks only for tiles holding data where the tileset's index lists them, and nothing off the map", () => {
    const center = latLngToCell(46.5, 2.5, 5);
    const tileset = new (hexTilesetClass(LEVELS, { 5: [center] }))(options);
    expect(tileset.getTileIndices({ viewport: view } as never)).toEqual([{ i: center, z: 5, w: 0 }]);
    expect(tileset.getTileIndices({ viewport: { zoom: 1, getBounds: () => [0, 0, 1, 1] } } as never)).toEqual([]);
  });

  it('asks for the tiles each side of the antimeridian, boxed in the world copy they are drawn in', () => {
    const tileset = new (hexTilesetClass(LEVELS, {}))(options);
    const fiji = { zoom: 7, latitude: -17, getBounds: () => [178, -17.5, 182, -16.5] };
    const indices = tileset.getTileIndices({ viewport: fiji } as never) as unknown as HexTileIndex[];
    const east = indices.find((index) => index.w === 1)!;
    expect(indices.some((index) => index.w === 0)).toBe(true);
    const { bbox } = tileset.getTileMetadata(east as never) as { bbox: { west: number; east: number } };
    expect(bbox.east).toBeGreaterThan(180);
  });
});
