import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { TileIndexes } from './tile-index.js';

const points: FeatureCollection<Point> = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.86] }, properties: { name: 'Paris' } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [-74, 40.7] }, properties: { name: 'New York' } },
  ],
};

describe('TileIndexes', () => {
  it('builds at the first request, then slices from what it built', () => {
    let loads = 0;
    const indexes = new TileIndexes(() => (loads++, { places: points }), { maxZoom: 10, maxTiles: 10_000 });
    expect(loads).toBe(0);
    const world = indexes.tile(0, 0, 0);
    expect(world.places!.features.map((feature) => feature.tags?.name).sort()).toEqual(['New York', 'Paris']);
    expect(indexes.tile(10, 518, 352).places!.features.map((feature) => feature.tags?.name)).toEqual(['Paris']);
    expect(loads).toBe(1);
  });

  it('leaves out layers without features in the tile', () => {
    const indexes = new TileIndexes(() => ({ places: points }), { maxZoom: 10, maxTiles: 10_000 });
    expect(indexes.tile(10, 0, 0)).toEqual({});
  });

  it('builds again once it holds more tiles than allowed, so memory stays bounded', () => {
    let loads = 0;
    const indexes = new TileIndexes(() => (loads++, { places: points }), { maxZoom: 10, maxTiles: 20 });
    indexes.tile(10, 518, 352);
    indexes.tile(10, 301, 385);
    indexes.tile(10, 0, 0);
    expect(loads).toBeGreaterThan(1);
    // What it answers after a rebuild is the same.
    expect(indexes.tile(10, 518, 352).places!.features.map((feature) => feature.tags?.name)).toEqual(['Paris']);
  });
});
