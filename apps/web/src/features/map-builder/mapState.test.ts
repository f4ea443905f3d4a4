import { describe, expect, it } from 'vitest';
import { buildStateData, convertedFrom, readSavedConfig } from './mapState';

const saved = { version: 'v1', config: { visState: { layers: [{ id: 'l1' }] }, mapState: { zoom: 3 }, mapStyle: { styleType: 'atlas-light' } } };

describe('buildStateData', () => {
  it('writes kepler.gl’s version and config and keeps every other key of the loaded state', () => {
    const previous = { version: 'v0', config: { old: true }, convertedFromKepler: 'qgis', notes: { a: 1 } };
    expect(buildStateData(saved, previous)).toEqual({ ...saved, convertedFromKepler: 'qgis', notes: { a: 1 } });
  });

  it('starts from nothing for a first save', () => {
    expect(buildStateData(saved, null)).toEqual(saved);
  });
});

describe('readSavedConfig', () => {
  it('reads a state holding kepler.gl’s config', () => {
    expect(readSavedConfig({ ...saved, extra: 1 })).toEqual(saved);
  });

  it('answers null for states without one', () => {
    expect(readSavedConfig(null)).toBeNull();
    expect(readSavedConfig({})).toBeNull();
    expect(readSavedConfig({ version: 'v1', config: [] })).toBeNull();
    expect(readSavedConfig({ version: 1, config: {} })).toBeNull();
  });
});

describe('convertedFrom', () => {
  it('names the kepler.gl format a map was converted from', () => {
    expect(convertedFrom({ convertedFromKepler: 'kepler.gl-raw' })).toBe('kepler.gl-raw');
  });

  it('ignores unknown formats and states without the key', () => {
    expect(convertedFrom({ convertedFromKepler: 'shapefile' })).toBeNull();
    expect(convertedFrom({})).toBeNull();
    expect(convertedFrom(undefined)).toBeNull();
  });
});
