import { KeplerTable } from '@kepler.gl/table';
import { Table, TimestampMicrosecond, tableToIPC, vectorFromArray } from 'apache-arrow';
import { cellToChildren, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { HEX_TILE_LAYER, hexTileLayer, tileUrlAt, type HexTileLayerData } from './HexTileLayer';
import { keplerHexTileDataset, type HexTileRecord } from './tilesetDataset';

const TILE = latLngToCell(46.5, 2.5, 1);
const tileset: HexTileRecord = {
  kind: 'geotemporal',
  finestResolution: 7,
  resolutionOffset: 4,
  timeIntervals: ['DAY'],
  timeRange: { start: '2024-01-01 00:00:00', end: '2024-01-03 00:00:00' },
  columns: [{ name: 'points', sourceColumn: 'points', aggMethod: 'sum', dtype: 'int64' }],
  viewport: { minLng: 1, minLat: 46, maxLng: 3, maxLat: 47 },
};
const byZoom = (top: number) => [0, 1, 2, 3].map((z) => [{ time: null, column: 'points', q0: 1, q25: 2, q50: 4, q75: 8, q100: top * (z + 1) }]);
/** All time holds more per cell than a day. */
const quantiles = { ALL: byZoom(1000), DAY: byZoom(100) };

/** kepler.gl's table of the tileset, as addDataToMap makes it from our description. */
async function table() {
  const described = keplerHexTileDataset({ id: 'ts1', name: 'Points', metadata: { dataVersion: 'v1' } }, tileset, { quantiles, tilesWithData: {} });
  const dataset = new KeplerTable({ info: described.info, color: [0, 0, 0], metadata: described.metadata, supportedFilterTypes: described.supportedFilterTypes, disableDataOperation: true } as never);
  await dataset.importData({ data: described.data } as never);
  return dataset;
}

describe('HexTileLayer', () => {
  it('is proposed for hex tilesets only, colored by their first numeric column with their quantiles', async () => {
    const Layer = hexTileLayer(async () => null);
    const dataset = await table();
    expect(Layer.findDefaultLayerProps(dataset as never)).toEqual({ props: [{ dataId: 'ts1', label: 'Points', isVisible: true }] });
    expect(Layer.findDefaultLayerProps({ type: 'vector-tile' } as never)).toEqual({ props: [] });
    const layer = new Layer({ dataId: 'ts1' } as never);
    expect(layer.type).toBe(HEX_TILE_LAYER);
    expect(Object.keys(layer.visualChannels)).toEqual(['color', 'height']);
    layer.setInitialLayerConfig(dataset as never);
    expect(layer.config).toMatchObject({ colorField: { name: 'points' }, colorScale: 'quantile', colorDomain: { z: [0, 1, 2, 3] } });
    // Colored by the quantiles of the days it plays by default.
    expect((layer.config.colorDomain as unknown as { quantiles: number[][] }).quantiles[0]).toEqual([1, 2, 4, 8, 100]);
    expect(layer.getScaleOptions('color')).toContain('quantile');
    // Four classes: the tileset's quartiles.
    expect((layer.config.visConfig.colorRange as { colors: string[] }).colors).toHaveLength(4);
  });

  it('reads tiles in view through our reader, as rows, every bucket of a played tileset at once (all time for geo tilesets)', async () => {
    const asked: string[] = [];
    const children = cellToChildren(TILE, 5);
    const days = vectorFromArray([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)], new TimestampMicrosecond());
    const bytes = tableToIPC(new Table({ h3: vectorFromArray(children.slice(0, 2)), time: days, points: vectorFromArray([3, 5]) }), 'stream');
    const Layer = hexTileLayer(async (url) => (asked.push(url), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer));
    const layer = new Layer({ dataId: 'ts1' } as never);
    const datasets = { ts1: await table() };
    layer.updateLayerMeta(datasets.ts1 as never, datasets as never);
    // A geotemporal tileset plays its days as kepler.gl's layer animation.
    expect(layer.config.animation).toMatchObject({ enabled: true, domain: [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 4)] });
    // kepler.gl's reducers call formatLayerData without the animation's state; renderLayer gets it.
    const data = layer.formatLayerData(datasets as never, undefined, undefined as never) as unknown as { hexTiles: HexTileLayerData; maxZoom: number };
    expect(data.maxZoom).toBe(3);
    // Played, a tile is read once with every day (its range), whatever the animation's time.
    expect(tileUrlAt(data.hexTiles)).toBe('/v1/tileset/ts1/{z}/{i}/range/DAY');
    expect(tileUrlAt({ ...data.hexTiles, buckets: null })).toBe('/v1/tileset/ts1/{z}/{i}');
    const rows = await data.hexTiles.getTileData({ index: { i: TILE, z: 1, w: 0 }, url: `/v1/tileset/ts1/1/${TILE}/range/DAY` });
    expect(asked).toEqual([`/v1/tileset/ts1/1/${TILE}/range/DAY`]);
    expect(rows).toEqual([
      { h3: children[0], properties: { points: 3 }, time: Date.UTC(2024, 0, 1) },
      { h3: children[1], properties: { points: 5 }, time: Date.UTC(2024, 0, 2) },
    ]);
    // A restyle keeps the source (deck.gl keeps its tiles).
    const again = layer.formatLayerData(datasets as never, data, undefined as never) as unknown as { hexTiles: HexTileLayerData };
    expect(again.hexTiles).toBe(data.hexTiles);
  });

  it('draws all time or plays the chosen interval as its time setting says, colored and extruded by that time\'s quantiles', async () => {
    const Layer = hexTileLayer(async () => null);
    const datasets = { ts1: await table() };
    const layer = new Layer({ dataId: 'ts1' } as never);
    layer.setInitialLayerConfig(datasets.ts1 as never);
    layer.updateLayerConfig({ heightField: { name: 'points', type: 'integer' } } as never);
    layer.updateLayerMeta(datasets.ts1 as never, datasets as never);
    expect(layer.config.visConfig.timeInterval).toBe('');
    const topAt = (domain: unknown) => (domain as { quantiles?: number[][]; stops?: number[][] }).quantiles?.[0]?.[4] ?? (domain as { stops: number[][] }).stops[0]![1];

    layer.updateLayerVisConfig({ timeInterval: 'ALL' } as never);
    expect(layer.config.animation).toMatchObject({ enabled: false, domain: null });
    expect(topAt(layer.config.colorDomain)).toBe(1000);
    expect(topAt(layer.config.heightDomain)).toBe(1000);
    const all = layer.formatLayerData(datasets as never, undefined, undefined as never) as unknown as { hexTiles: HexTileLayerData };
    expect(all.hexTiles.buckets).toBeNull();
    expect(tileUrlAt(all.hexTiles)).toBe('/v1/tileset/ts1/{z}/{i}');

    layer.updateLayerVisConfig({ timeInterval: 'DAY' } as never);
    expect(layer.config.animation).toMatchObject({ enabled: true, domain: [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 4)] });
    expect(topAt(layer.config.colorDomain)).toBe(100);
    const days = layer.formatLayerData(datasets as never, all as never, undefined as never) as unknown as { hexTiles: HexTileLayerData };
    expect(tileUrlAt(days.hexTiles)).toBe('/v1/tileset/ts1/{z}/{i}/range/DAY');
  });
});
