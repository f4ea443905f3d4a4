// A published map read signed out: its tilesets described and their tiles read through the published map's routes,
// with the unlocked page's view token; the same tile layers as the map builder's, given that base and reader.
import type { ApiClient } from '@atlas/client';
import { describe, expect, it } from 'vitest';
import { tileUrlAt } from '../map-builder/hex-tiles/HexTileLayer';
import type { KeplerHexTileDataset } from '../map-builder/hex-tiles/tilesetDataset';
import type { KeplerTileDataset } from '../map-builder/vector-tiles/tilesetDataset';
import { publicMapReads } from './publicData';
import { tilesetKinds } from './PublishedMapView';

const ORIGIN = 'https://studio.example';
const BASE = '/v1/maps/pm1/published-map/tilesets/ts1';
const METADATA = {
  datasetId: 'ts1',
  dataVersion: 'v7',
  kind: 'geo',
  finestResolution: 6,
  resolutionOffset: 4,
  timeIntervals: [],
  timeRange: null,
  columns: [{ name: 'points', sourceColumn: 'points', aggMethod: 'sum', dtype: 'int64' }],
  viewport: { minLng: -1.5, minLat: 43, maxLng: 7.5, maxLat: 50 },
};
const TILE_JSON = {
  tilejson: '3.0.0',
  tiles: [`http://10.0.0.5:8080${BASE}/tiles/{z}/{x}/{y}.pbf?v=b2`],
  minzoom: 0,
  maxzoom: 5,
  bounds: [1, 2, 3, 4],
  vector_layers: [{ id: 'features', fields: { size: 'Number' } }],
  fieldStats: { size: { min: 2, max: 9 } },
};

function fakeClient() {
  const asked: Array<{ path: string; token: string | undefined }> = [];
  const request = async (_method: string, path: string, options: { headers?: Record<string, string> } = {}) => {
    asked.push({ path, token: options.headers?.['x-view-token'] });
    if (path.endsWith('/metadata')) return METADATA;
    if (path.endsWith('/tileset-index')) return { levels: [{ z: 0, tiles: ['8019fffffffffff'] }] };
    if (path.endsWith('/tiles.json')) return TILE_JSON;
    if (path.includes('/quantiles')) return [];
    return new ArrayBuffer(3);
  };
  return { client: { http: { request } } as unknown as ApiClient, asked };
}

describe('a published map read signed out', () => {
  it("describes a hex tileset from the published map's routes, and its layer reads tiles there, with the view token", async () => {
    const { client, asked } = fakeClient();
    const reads = publicMapReads(client, 'pm1', 'token-1', ORIGIN);
    const hex = (await reads.loadTileset({ id: 'ts1', name: 'Points' }, 'hex')) as KeplerHexTileDataset;
    expect(asked.map((call) => call.path).sort()).toEqual([`${BASE}/4/quantiles`, `${BASE}/5/quantiles`, `${BASE}/6/quantiles`, `${BASE}/metadata`, `${BASE}/tileset-index`]);
    expect(asked.every((call) => call.token === 'token-1')).toBe(true);
    expect(hex.metadata).toMatchObject({ tilesetId: 'ts1', base: BASE, version: 'v7', bounds: [-1.5, 43, 7.5, 50], tilesWithData: { 0: ['8019fffffffffff'] } });
    expect(tileUrlAt({ tileset: hex.metadata, buckets: null })).toBe(`${BASE}/{z}/{i}`);

    asked.length = 0;
    expect(await reads.readTile(`${BASE}/0/8019fffffffffff`)).toBeInstanceOf(ArrayBuffer);
    expect(asked).toEqual([{ path: `${BASE}/0/8019fffffffffff`, token: 'token-1' }]);
    await expect(reads.readTile(`https://elsewhere.example${BASE}/0/8019fffffffffff`)).rejects.toThrow('Tiles are read from this studio only');
  });

  it("describes a vector tileset from the published TileJSON, its tiles at this page's origin, its numbers over the build's range", async () => {
    const { client, asked } = fakeClient();
    const vector = (await publicMapReads(client, 'pm1', undefined, ORIGIN).loadTileset({ id: 'ts1', name: 'Shapes' }, 'vector')) as KeplerTileDataset;
    expect(asked).toEqual([{ path: `${BASE}/tiles.json`, token: undefined }]);
    expect(vector.metadata).toMatchObject({ tilesetDataUrl: `${ORIGIN}${BASE}/tiles/{z}/{x}/{y}.pbf?v=b2`, bounds: [1, 2, 3, 4], minZoom: 0, maxZoom: 5 });
    expect(vector.data.fields).toEqual([expect.objectContaining({ name: 'size', type: 'real', filterProps: expect.objectContaining({ domain: [2, 9] }) })]);
  });

  it('reads as tilesets the datasets a hex tile or vector tile layer draws, and the others as rows', () => {
    const layers = [
      { type: 'hexTile', config: { dataId: 'hex' } },
      { type: 'vectorTile', config: { dataId: 'shapes' } },
      { type: 'point', config: { dataId: 'shops' } },
      null,
    ];
    const kinds = tilesetKinds({ version: 'v1', config: { visState: { layers } } });
    expect([...kinds]).toEqual([
      ['hex', 'hex'],
      ['shapes', 'vector'],
    ]);
    expect(tilesetKinds(null).size).toBe(0);
  });
});
