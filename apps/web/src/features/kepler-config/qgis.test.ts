import { describe, expect, it } from 'vitest';
import pointMap from './fixtures/kepler-point.json';
import polygonsMap from './fixtures/kepler-polygons.json';
import { GEOJSON_FIELD, QGIS_DATASET_PROPERTY, fromQgisGeoJson, toQgisGeoJson } from './qgis';
import type { KeplerSavedMap } from './types';

type Collection = { type: string; features: { geometry: { type: string; coordinates: unknown } | null; properties: Record<string, unknown> }[] };
const asInput = (map: KeplerSavedMap) => ({ datasets: map.datasets.map((dataset) => dataset.data), config: map.config, info: { title: 'Example' } });

describe('toQgisGeoJson', () => {
  it('draws rows as points from the lat/lng columns of the layer that draws them', () => {
    const collection = toQgisGeoJson(asInput(pointMap as KeplerSavedMap)) as unknown as Collection;
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(9);
    expect(collection.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-121.7922809, 38.4163786] });
    expect(collection.features[0]!.properties).toMatchObject({ [QGIS_DATASET_PROPERTY]: '8ppj5gfrs', radius: 1000, name: 'Hello' });
  });

  it('takes the geometry of a GeoJSON field, which then leaves the attributes', () => {
    const collection = toQgisGeoJson(asInput(polygonsMap as KeplerSavedMap)) as unknown as Collection;
    expect(collection.features[0]!.geometry!.type).toBe('Polygon');
    expect(collection.features[0]!.properties).not.toHaveProperty('simplified_shape_v2');
    expect(collection.features[0]!.properties).toHaveProperty('simplified_shape');
  });
});

describe('fromQgisGeoJson', () => {
  it('reads plain GeoJSON (as QGIS saves it) as one dataset drawn by a GeoJSON layer', () => {
    const map = fromQgisGeoJson({
      type: 'FeatureCollection',
      name: 'parks',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'A', area: 2.5, open: true, visits: 3 } },
        { type: 'Feature', geometry: null, properties: { name: 'B', area: 1, open: false, visits: null } },
      ],
    });
    expect(map.datasets).toHaveLength(1);
    const data = map.datasets[0]!.data;
    expect(data.label).toBe('parks');
    expect(data.fields.map((field) => [field.name, field.type])).toEqual([
      ['name', 'string'],
      ['area', 'real'],
      ['open', 'boolean'],
      ['visits', 'integer'],
      [GEOJSON_FIELD, 'geojson'],
    ]);
    expect(data.allData[0]).toEqual(['A', 2.5, true, 3, '{"type":"Point","coordinates":[1,2]}']);
    expect(data.allData[1]![4]).toBeNull();
    const layers = (map.config.config.visState as { layers: { type: string; config: { dataId: string } }[] }).layers;
    expect(layers).toEqual([expect.objectContaining({ type: 'geojson', config: expect.objectContaining({ dataId: data.id, columns: { geojson: GEOJSON_FIELD } }) })]);
  });

  it('splits plain GeoJSON by the dataset attribute an export wrote', () => {
    const exported = toQgisGeoJson(asInput(pointMap as KeplerSavedMap)) as Record<string, unknown>;
    delete exported.keplerGl;
    const map = fromQgisGeoJson(exported);
    expect(map.datasets.map((dataset) => [dataset.data.id, dataset.data.allData.length])).toEqual([['8ppj5gfrs', 9]]);
  });
});
