import { KeplerTable } from '@kepler.gl/table';
import { describe, expect, it } from 'vitest';
import { atlasVectorTileLayer } from './AtlasVectorTileLayer';
import type { TileReader } from './tileSource';
import { keplerTileDataset } from './tilesetDataset';

const ORIGIN = 'http://127.0.0.1:4000';

/** kepler.gl's table of a tileset, as addDataToMap makes it from our description. */
async function table(version: string) {
  const described = keplerTileDataset(
    { id: 'ts1', name: 'Lots', description: '', type: 'vector-tile', metadata: { vectorTile: { minZoom: 2, maxZoom: 12, version, bounds: [1, 2, 3, 4], fields: { visits: 'Number' } } } },
    ORIGIN,
  )!;
  const dataset = new KeplerTable({ info: described.info, color: [0, 0, 0], metadata: described.metadata, supportedFilterTypes: described.supportedFilterTypes, disableDataOperation: true } as never);
  await dataset.importData({ data: described.data } as never);
  return dataset;
}

type LayerData = { tilesetDataUrl: string | null; tileSource: { getTileData(tile: unknown): Promise<unknown> } | null; minZoom?: number; maxZoom?: number; bounds?: number[] };

describe('AtlasVectorTileLayer', () => {
  it("hands kepler.gl's MVT layer our tile URL template, zoom range and bounds, and a source reading tiles through ours", async () => {
    const asked: string[] = [];
    const readTile: TileReader = async (url) => (asked.push(url), null);
    const Layer = atlasVectorTileLayer(readTile);
    const layer = new Layer({ dataId: 'ts1' } as never);
    const datasets = { ts1: await table('b1') };
    const data = layer.formatLayerData(datasets as never, undefined, { enabled: false } as never) as unknown as LayerData;
    expect(data.tilesetDataUrl).toBe(`${ORIGIN}/v1/datasets/ts1/tiles/{z}/{x}/{y}.pbf?v=b1`);
    expect(data).toMatchObject({ minZoom: 2, maxZoom: 12, bounds: [1, 2, 3, 4] });
    await data.tileSource!.getTileData({ index: { x: 1, y: 2, z: 3 }, url: `${ORIGIN}/v1/datasets/ts1/tiles/3/1/2.pbf?v=b1` });
    expect(asked).toEqual([`${ORIGIN}/v1/datasets/ts1/tiles/3/1/2.pbf?v=b1`]);

    // A restyle keeps the source (deck.gl keeps its tiles); a new build gets a new one.
    const again = layer.formatLayerData(datasets as never, data, { enabled: false } as never) as unknown as LayerData;
    expect(again.tileSource).toBe(data.tileSource);
    const rebuilt = layer.formatLayerData({ ts1: await table('b2') } as never, data, { enabled: false } as never) as unknown as LayerData;
    expect(rebuilt.tilesetDataUrl).toContain('?v=b2');
    expect(rebuilt.tileSource).not.toBe(data.tileSource);
  });

  it('has no source for a layer not given a dataset yet', () => {
    const layer = new (atlasVectorTileLayer(async () => null))({} as never);
    const data = layer.formatLayerData({} as never, undefined, { enabled: false } as never) as unknown as LayerData;
    expect(data).toMatchObject({ tilesetDataUrl: null, tileSource: null });
  });
});
