import { describe, expect, it } from 'vitest';
import { configDataIds, remapDataIds } from './dataIds';
import { DATA_IDS, everyLayerTypeConfig } from './fixtures/everyLayerType';

const mapping = { [DATA_IDS.trips]: 'uuid-trips', [DATA_IDS.cells]: 'uuid-cells', [DATA_IDS.shapes]: 'uuid-shapes', [DATA_IDS.tiles]: 'uuid-tiles' };

describe('configDataIds', () => {
  it('lists every dataset a config uses, once, in order of appearance', () => {
    expect(configDataIds(everyLayerTypeConfig)).toEqual([DATA_IDS.trips, DATA_IDS.cells, DATA_IDS.shapes, DATA_IDS.tiles]);
  });

  it('finds datasets named only by tooltip fields', () => {
    expect(configDataIds({ version: 'v1', config: { visState: { interactionConfig: { tooltip: { fieldsToShow: { only: [] } } } } } })).toEqual(['only']);
  });
});

describe('remapDataIds', () => {
  const remapped = remapDataIds(everyLayerTypeConfig, mapping);
  const visState = remapped.config.visState as { layers: { config: { dataId: string } }[]; filters: { dataId: string[] }[]; interactionConfig: { tooltip: { fieldsToShow: object } } };

  it('renames layer, filter (lists included) and tooltip references', () => {
    expect(visState.layers.map((layer) => layer.config.dataId)).toContain('uuid-cells');
    expect(visState.layers.every((layer) => layer.config.dataId.startsWith('uuid-'))).toBe(true);
    expect(visState.filters[1]!.dataId).toEqual(['uuid-trips', 'uuid-cells']);
    expect(Object.keys(visState.interactionConfig.tooltip.fieldsToShow)).toEqual(['uuid-trips', 'uuid-cells', 'uuid-shapes']);
    expect(configDataIds(remapped)).toEqual(['uuid-trips', 'uuid-cells', 'uuid-shapes', 'uuid-tiles']);
  });

  it('keeps every other key, unknown ones included, and leaves the input alone', () => {
    const inverse = Object.fromEntries(Object.entries(mapping).map(([from, to]) => [to, from]));
    expect(remapDataIds(remapped, inverse)).toEqual(everyLayerTypeConfig);
    expect(remapped['x-top-level-extra']).toBe('kept');
    expect(configDataIds(everyLayerTypeConfig)[0]).toBe(DATA_IDS.trips);
  });

  it('leaves ids the mapping does not name unchanged', () => {
    expect(configDataIds(remapDataIds(everyLayerTypeConfig, { [DATA_IDS.trips]: 'new' }))).toEqual(['new', DATA_IDS.cells, DATA_IDS.shapes, DATA_IDS.tiles]);
  });
});
