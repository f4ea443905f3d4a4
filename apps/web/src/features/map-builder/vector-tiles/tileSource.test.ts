import geojsonvt from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { describe, expect, it } from 'vitest';
import { tileSource, type TileReader } from './tileSource';

/** One Mapbox Vector Tile of a square around (10°, 20°) with two properties, as the server cuts and encodes it. */
function encodedTile(z: number, x: number, y: number): ArrayBuffer {
  const square = { type: 'Polygon' as const, coordinates: [[[9, 19], [11, 19], [11, 21], [9, 21], [9, 19]]] };
  const index = geojsonvt({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: square, properties: { name: 'lot', visits: 7 } }] }, { maxZoom: 4, buffer: 64 });
  const bytes = vtpbf.fromGeojsonVt({ features: index.getTile(z, x, y)! }, { version: 2 });
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('tileSource', () => {
  it('reads the tile at the URL kepler.gl filled in and decodes its features to longitude and latitude', async () => {
    const asked: string[] = [];
    const readTile: TileReader = async (url) => (asked.push(url), encodedTile(4, 8, 7));
    const content = await tileSource(readTile).getTileData({ index: { x: 8, y: 7, z: 4 }, url: '/v1/datasets/d/tiles/4/8/7.pbf?v=1' });
    expect(asked).toEqual(['/v1/datasets/d/tiles/4/8/7.pbf?v=1']);
    expect(content?.shape).toBe('geojson-table');
    expect(content?.features).toHaveLength(1);
    const [feature] = content!.features;
    expect(feature!.properties).toEqual({ name: 'lot', visits: 7 });
    expect(feature!.geometry.type).toBe('Polygon');
    const ring = (feature!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    const lngs = ring.map(([lng]) => lng!);
    const lats = ring.map(([, lat]) => lat!);
    // Tile coordinates are quantized (4096 units a tile): the square comes back within a few hundredths of a degree.
    expect(Math.min(...lngs)).toBeCloseTo(9, 1);
    expect(Math.max(...lngs)).toBeCloseTo(11, 1);
    expect(Math.min(...lats)).toBeCloseTo(19, 1);
    expect(Math.max(...lats)).toBeCloseTo(21, 1);
  });

  it('draws nothing where the tileset has no features, or without a URL', async () => {
    let reads = 0;
    const source = tileSource(async () => (reads++, null));
    expect(await source.getTileData({ index: { x: 0, y: 0, z: 0 }, url: '/t/0/0/0.pbf' })).toBeNull();
    expect(await source.getTileData({ index: { x: 0, y: 0, z: 0 }, url: null })).toBeNull();
    expect(reads).toBe(1);
  });

  it('passes the abort signal on and lets failures through (deck.gl reports them per tile)', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const source = tileSource(async (_url, signal) => {
      seen = signal;
      throw new Error('Not found');
    });
    await expect(source.getTileData({ index: { x: 0, y: 0, z: 0 }, url: '/t', signal: controller.signal })).rejects.toThrow('Not found');
    expect(seen).toBe(controller.signal);
  });
});
