import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { builtTileset, keplerTileDataset, tileField, tileUrlTemplate } from './tilesetDataset';

const ORIGIN = 'http://127.0.0.1:4000';
const ID = '0b9c1f57-5e0b-4d51-9d7a-2f3c4b5a6e7f';

function tileset(vectorTile: Record<string, unknown> | undefined, type: Dataset['type'] = 'vector-tile') {
  return { id: ID, name: 'Parcels (vector tiles)', description: 'Lots', type, metadata: vectorTile ? { vectorTile } : {} } as Pick<Dataset, 'id' | 'name' | 'description' | 'type' | 'metadata'>;
}

const BUILT = {
  format: 'mvt',
  layerName: 'features',
  minZoom: 0,
  maxZoom: 12,
  maxTileBytes: 512000,
  progress: 1,
  version: 'b2f3',
  bounds: [-74.1, 40.6, -73.8, 40.9],
  fields: { name: 'String', visits: 'Number', open: 'Boolean' },
  fieldStats: { visits: { min: 3, max: 997 }, name: { values: ['a', 'b'] } },
};

describe('keplerTileDataset', () => {
  it("describes a built tileset as kepler.gl's remote vector tile dataset, tiles named by the build", () => {
    const described = keplerTileDataset(tileset(BUILT), ORIGIN)!;
    expect(described.info).toEqual({ id: ID, label: 'Parcels (vector tiles)', type: 'vector-tile', format: 'rows' });
    expect(described.data.rows).toEqual([]);
    expect(described.metadata).toMatchObject({
      type: 'remote',
      remoteTileFormat: 'mvt',
      tilesetDataUrl: `${ORIGIN}/v1/datasets/${ID}/tiles/{z}/{x}/{y}.pbf?v=b2f3`,
      name: 'Parcels (vector tiles)',
      description: 'Lots',
      bounds: [-74.1, 40.6, -73.8, 40.9],
      minZoom: 0,
      maxZoom: 12,
    });
    expect(described.metadata.center[0]).toBeCloseTo(-73.95);
    expect(described.metadata.center[1]).toBeCloseTo(40.75);
    expect(described.metadata.center[2]).toBe(0);
    // No metadata URL: kepler.gl would fetch it without the session.
    expect('tilesetMetadataUrl' in described.metadata).toBe(false);
    expect(described.metadata.fields).toBe(described.data.fields);
    expect(described.supportedFilterTypes).toEqual(['real', 'integer', 'boolean']);
    expect(described.disableDataOperation).toBe(true);
  });

  it('maps property types to kepler.gl field types, with the measured ranges and values as filter domains', () => {
    const fields = keplerTileDataset(tileset(BUILT), ORIGIN)!.data.fields;
    expect(fields.map(({ name, type, analyzerType }) => ({ name, type, analyzerType }))).toEqual([
      { name: 'name', type: 'string', analyzerType: 'STRING' },
      { name: 'visits', type: 'real', analyzerType: 'FLOAT' },
      { name: 'open', type: 'boolean', analyzerType: 'BOOLEAN' },
    ]);
    const [name, visits, open] = fields;
    expect(name!.filterProps).toMatchObject({ type: 'multiSelect', domain: ['a', 'b'], gpu: false });
    expect(visits!.filterProps).toMatchObject({ type: 'range', gpu: true });
    const [low, high] = visits!.filterProps.domain as [number, number];
    expect(low).toBeLessThanOrEqual(3);
    expect(high).toBeGreaterThanOrEqual(997);
    expect(high - low).toBeLessThan(1000);
    expect(open!.filterProps).toMatchObject({ type: 'range', domain: [0, 1], step: 1, gpu: true });
  });

  it('reads unknown types as text, and numbers without stats over an empty range', () => {
    expect(tileField('when', 'Date')).toMatchObject({ type: 'string', filterProps: { type: 'multiSelect', domain: [] } });
    expect(tileField('n', 'Number').filterProps.domain).toEqual([0, 0]);
  });

  it('covers the world when the build has no usable bounds', () => {
    for (const bounds of [undefined, [1, 2, 3], [-200, 0, 10, 10], [10, 0, -10, 5]]) {
      expect(keplerTileDataset(tileset({ ...BUILT, bounds }), ORIGIN)!.metadata.bounds).toEqual([-180, -85.0511, 180, 85.0511]);
    }
  });

  it('ignores stats that are not well formed (the metadata can be edited)', () => {
    const fields = keplerTileDataset(tileset({ ...BUILT, fieldStats: { visits: { min: 'x' }, name: { values: [1] } } }), ORIGIN)!.data.fields;
    expect(fields[0]!.filterProps.domain).toEqual([]);
    expect(fields[1]!.filterProps.domain).toEqual([0, 0]);
  });

  it('gives nothing to draw for a tileset never built, or a dataset of another type', () => {
    expect(keplerTileDataset(tileset({ ...BUILT, version: null, progress: 0.4 }), ORIGIN)).toBeNull();
    expect(keplerTileDataset(tileset(undefined), ORIGIN)).toBeNull();
    expect(keplerTileDataset(tileset(BUILT, 'managed'), ORIGIN)).toBeNull();
    expect(builtTileset(tileset({ ...BUILT, maxZoom: '12' }))).toBeNull();
  });
});

describe('tileUrlTemplate', () => {
  it('escapes the id and version', () => {
    expect(tileUrlTemplate(ORIGIN, 'a/b', 'v 1')).toBe(`${ORIGIN}/v1/datasets/a%2Fb/tiles/{z}/{x}/{y}.pbf?v=v%201`);
  });
});
