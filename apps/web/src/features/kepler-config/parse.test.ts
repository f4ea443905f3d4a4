import { describe, expect, it } from 'vitest';
import { everyLayerTypeConfig } from './fixtures/everyLayerType';
import pointMap from './fixtures/kepler-point.json';
import { parseKeplerFile } from './parse';

describe('parseKeplerFile', () => {
  it('reads a kepler.gl map file', () => {
    const parsed = parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl');
    expect(parsed.kind === 'map' && parsed.map.datasets).toHaveLength(1);
  });

  it('reads a config alone, or the config of a map file, as kepler.gl-raw', () => {
    expect(parseKeplerFile(JSON.stringify(everyLayerTypeConfig), 'kepler.gl-raw')).toEqual({ kind: 'config', config: everyLayerTypeConfig });
    expect(parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl-raw')).toEqual({ kind: 'config', config: pointMap.config });
  });

  it('says what is wrong with a file', () => {
    expect(() => parseKeplerFile('{', 'kepler.gl')).toThrow('The file is not JSON');
    expect(() => parseKeplerFile(JSON.stringify(everyLayerTypeConfig), 'kepler.gl')).toThrow('A kepler.gl map file holds "datasets" and "config"');
    expect(() => parseKeplerFile(JSON.stringify({ datasets: [{ data: {} }], config: everyLayerTypeConfig }), 'kepler.gl')).toThrow('Dataset 1 of the file has no id, fields and allData');
    expect(() => parseKeplerFile('{"visState":{}}', 'kepler.gl-raw')).toThrow('A kepler.gl config holds "version" and "config"');
    expect(() => parseKeplerFile('[]', 'qgis')).toThrow('A qgis map file is a GeoJSON FeatureCollection');
  });
});
