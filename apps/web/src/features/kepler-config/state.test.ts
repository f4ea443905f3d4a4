import { describe, expect, it } from 'vitest';
import { everyLayerTypeConfig } from './fixtures/everyLayerType';
import { configFromStateData, stateDataFromConfig } from './state';

describe('studio state data', () => {
  it('carries the config with the conversion flag, and gives the config back without it', () => {
    const data = stateDataFromConfig(everyLayerTypeConfig, 'qgis');
    expect(data.convertedFromKepler).toBe('qgis');
    expect(configFromStateData(data)).toEqual(everyLayerTypeConfig);
  });

  it('says a map without a kepler.gl state has nothing to export', () => {
    expect(() => configFromStateData(null)).toThrow('This map has no saved kepler.gl state yet');
    expect(() => configFromStateData({ layout: [] })).toThrow('This map has no saved kepler.gl state yet');
  });
});
