import { KeplerGlSchema } from '@kepler.gl/schemas';
import { describe, expect, it } from 'vitest';
import { datasetsToCreate, exportDocument, exportFileName, importedMapName, importedStateData } from './convert';
import { configDataIds, remapDataIds } from './dataIds';
import { EVERY_LAYER_TYPE, everyLayerTypeConfig } from './fixtures/everyLayerType';
import pointMap from './fixtures/kepler-point.json';
import polygonsMap from './fixtures/kepler-polygons.json';
import splitMapsMap from './fixtures/kepler-split-maps.json';
import { parseKeplerFile } from './parse';
import type { KeplerConfig, KeplerMapFormat, KeplerSavedMap } from './types';

const KEPLER_EXAMPLES = { 'kepler-point': pointMap, 'kepler-split-maps': splitMapsMap, 'kepler-polygons': polygonsMap } as Record<string, unknown>;
const record = { name: 'Rides', description: 'Round trip' };
const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** What the import writes and the server keeps: datasets under new ids, the state pointing at them. */
function importMap(text: string, format: KeplerMapFormat) {
  const parsed = parseKeplerFile(text, format);
  if (parsed.kind !== 'map') throw new Error('expected a map file');
  const created = datasetsToCreate(parsed.map).map((dataset, index) => ({ ...dataset, id: uuid(index + 1) }));
  const mapping = Object.fromEntries(created.map((dataset) => [dataset.sourceId, dataset.id]));
  return { parsed: parsed.map, created, mapping, state: importedStateData(parsed.map.config, mapping, format) };
}

const exported = (format: KeplerMapFormat, imported: ReturnType<typeof importMap>) =>
  JSON.stringify(exportDocument(format, imported.state, imported.created.map(({ id, name, table }) => ({ id, name, table })), record));

const invert = (mapping: Record<string, string>) => Object.fromEntries(Object.entries(mapping).map(([from, to]) => [to, from]));

describe.each(Object.entries(KEPLER_EXAMPLES))('kepler.gl example %s', (_name, file) => {
  const original = file as KeplerSavedMap;
  const imported = importMap(JSON.stringify(original), 'kepler.gl');

  it('creates one dataset per saved dataset, with all its rows', () => {
    expect(imported.created.map((dataset) => dataset.table.numRows)).toEqual(original.datasets.map((dataset) => dataset.data.allData.length));
    expect(imported.created.map((dataset) => dataset.name)).toEqual(original.datasets.map((dataset) => dataset.data.label));
  });

  it('points the config at the new datasets and flags the conversion', () => {
    expect(configDataIds(imported.state as KeplerConfig).every((id) => Object.values(imported.mapping).includes(id))).toBe(true);
    expect(imported.state.convertedFromKepler).toBe('kepler.gl');
  });

  it.each(['kepler.gl', 'kepler.gl-raw', 'qgis'] as const)('keeps every config key through an export and import in %s', (format) => {
    const again = parseKeplerFile(exported(format, imported), format);
    const config = again.kind === 'map' ? again.map.config : again.config;
    expect(remapDataIds(config, invert(imported.mapping))).toEqual(original.config);
  });

  it.each(['kepler.gl', 'qgis'] as const)('keeps the rows through an export in %s', (format) => {
    const again = parseKeplerFile(exported(format, imported), format);
    if (again.kind !== 'map') throw new Error('expected a map file');
    expect(again.map.datasets.map((dataset) => dataset.data.allData.length)).toEqual(original.datasets.map((dataset) => dataset.data.allData.length));
    const names = original.datasets[0]!.data.fields.map((field) => field.name);
    expect(again.map.datasets[0]!.data.fields.map((field) => field.name)).toEqual(names);
    // Text and numbers come back as they were (times come back as epoch milliseconds).
    const textual = original.datasets[0]!.data.fields.flatMap((field, index) => (['string', 'real', 'integer'].includes(field.type) ? [index] : []));
    const pick = (rows: unknown[][]) => rows.map((row) => textual.map((index) => row[index]));
    expect(pick(again.map.datasets[0]!.data.allData)).toEqual(pick(original.datasets[0]!.data.allData));
  });

  it('writes a config kepler.gl itself can read back', () => {
    const parsed = KeplerGlSchema.parseSavedConfig(JSON.parse(exported('kepler.gl-raw', imported)));
    expect(parsed?.visState?.layers).toHaveLength((original.config.config.visState as { layers: unknown[] }).layers.length);
  });
});

describe('hand-written config with every layer type', () => {
  const mapping = Object.fromEntries(configDataIds(everyLayerTypeConfig).map((id, index) => [id, uuid(index + 1)]));
  const state = importedStateData(everyLayerTypeConfig, mapping, 'kepler.gl-raw');

  it('has one layer of each kepler.gl type', () => {
    const types = (everyLayerTypeConfig.config.visState as { layers: { type: string }[] }).layers.map((layer) => layer.type);
    expect(types).toEqual([...EVERY_LAYER_TYPE]);
  });

  it('comes back key for key from a kepler.gl-raw export, unknown keys included', () => {
    const text = JSON.stringify(exportDocument('kepler.gl-raw', state, [], record));
    const again = parseKeplerFile(text, 'kepler.gl-raw');
    if (again.kind !== 'config') throw new Error('expected a config');
    expect(again.config).not.toHaveProperty('convertedFromKepler');
    expect(remapDataIds(again.config, invert(mapping))).toEqual(everyLayerTypeConfig);
  });

  it('comes back key for key from a kepler.gl export without data', () => {
    const text = JSON.stringify(exportDocument('kepler.gl', state, [], record));
    const again = parseKeplerFile(text, 'kepler.gl');
    if (again.kind !== 'map') throw new Error('expected a map');
    expect(remapDataIds(again.map.config, invert(mapping))).toEqual(everyLayerTypeConfig);
    expect(again.map.info).toMatchObject({ app: 'kepler.gl', title: 'Rides', description: 'Round trip' });
  });

  it('is a config kepler.gl reads, every layer type included', () => {
    const parsed = KeplerGlSchema.parseSavedConfig(everyLayerTypeConfig as never);
    expect(parsed?.visState?.layers?.map((layer: { type?: string }) => layer.type)).toEqual([...EVERY_LAYER_TYPE]);
  });
});

describe('names', () => {
  it('takes the map title from the file, else the file name', () => {
    expect(importedMapName({ datasets: [], config: everyLayerTypeConfig, info: { title: ' Trips ' } }, 'x.json')).toBe('Trips');
    expect(importedMapName(null, 'my map.config.json')).toBe('my map.config');
  });

  it('names export files by format', () => {
    expect(exportFileName('Rides / 2024', 'kepler.gl')).toBe('Rides-2024.kepler.json');
    expect(exportFileName('Rides', 'kepler.gl-raw')).toBe('Rides.config.json');
    expect(exportFileName('???', 'qgis')).toBe('map.geojson');
  });
});
