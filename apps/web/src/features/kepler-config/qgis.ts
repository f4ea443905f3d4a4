// The "qgis" format: a GeoJSON FeatureCollection that QGIS (through GDAL's GeoJSON driver) opens as a vector layer,
// one feature per row of every dataset, with the map's kepler.gl config kept in a foreign member (RFC 7946 §6.1) that
// GIS tools ignore. Importing it back restores the datasets and the config; a GeoJSON without that member (for
// instance one QGIS saved) becomes datasets drawn by a GeoJSON layer each. See docs/kepler-formats.md.
import { isJsonObject, isKeplerConfig, KeplerFileError } from './parse';
import type { JsonObject, KeplerConfig, KeplerDatasetData, KeplerField, KeplerSavedMap } from './types';

/** The foreign member holding what GeoJSON cannot: the config and each dataset's fields. */
export const QGIS_KEPLER_MEMBER = 'keplerGl';
/** The feature property naming the dataset a row belongs to (QGIS keeps it as an attribute). */
export const QGIS_DATASET_PROPERTY = 'kepler_dataset';
/** The field a dataset built from plain GeoJSON keeps its geometry in, as kepler.gl names it when it reads GeoJSON. */
export const GEOJSON_FIELD = '_geojson';

interface Geometry extends JsonObject {
  type: string;
}
interface Feature {
  type: 'Feature';
  geometry: Geometry | null;
  properties: JsonObject;
}

const layersOf = (config: KeplerConfig): JsonObject[] => {
  const visState = isJsonObject(config.config.visState) ? config.config.visState : {};
  return Array.isArray(visState.layers) ? visState.layers.filter(isJsonObject) : [];
};

function parseGeometry(value: unknown): Geometry | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isJsonObject(parsed) || typeof parsed.type !== 'string') return null;
  if (parsed.type === 'Feature') return parseGeometry(parsed.geometry);
  return parsed as Geometry;
}

type GeometrySource = { kind: 'geojson'; index: number } | { kind: 'point'; lat: number; lng: number } | { kind: 'none' };

/** Where a dataset's rows get their geometry: a GeoJSON field, else the lat/lng columns of a layer drawing it. */
function geometrySource(data: KeplerDatasetData, config: KeplerConfig): GeometrySource {
  const geojsonIndex = data.fields.findIndex((field) => field.type === 'geojson');
  if (geojsonIndex >= 0) return { kind: 'geojson', index: geojsonIndex };
  const index = (name: unknown) => data.fields.findIndex((field) => field.name === name);
  for (const layer of layersOf(config)) {
    const layerConfig = isJsonObject(layer.config) ? layer.config : {};
    const columns = isJsonObject(layerConfig.columns) ? layerConfig.columns : {};
    if (layerConfig.dataId !== data.id) continue;
    const lat = index(columns.lat ?? columns.lat0);
    const lng = index(columns.lng ?? columns.lng0);
    if (lat >= 0 && lng >= 0) return { kind: 'point', lat, lng };
  }
  const lat = data.fields.findIndex((field) => /^(lat|latitude)$/i.test(field.name));
  const lng = data.fields.findIndex((field) => /^(lng|lon|long|longitude)$/i.test(field.name));
  return lat >= 0 && lng >= 0 ? { kind: 'point', lat, lng } : { kind: 'none' };
}

function rowGeometry(row: unknown[], source: GeometrySource): Geometry | null {
  if (source.kind === 'geojson') return parseGeometry(row[source.index]);
  if (source.kind === 'point') {
    const lat = Number(row[source.lat]);
    const lng = Number(row[source.lng]);
    const valid = row[source.lat] !== null && row[source.lng] !== null && Number.isFinite(lat) && Number.isFinite(lng);
    return valid ? { type: 'Point', coordinates: [lng, lat] } : null;
  }
  return null;
}

/** A map as QGIS-readable GeoJSON, the config and fields kept for the way back. */
export function toQgisGeoJson({ datasets, config, info }: { datasets: KeplerDatasetData[]; config: KeplerConfig; info?: JsonObject }): JsonObject {
  const features: Feature[] = [];
  for (const data of datasets) {
    const source = geometrySource(data, config);
    for (const row of data.allData) {
      const properties: JsonObject = { [QGIS_DATASET_PROPERTY]: data.id };
      data.fields.forEach((field, index) => {
        if (source.kind !== 'geojson' || index !== source.index) properties[field.name] = row[index] ?? null;
      });
      features.push({ type: 'Feature', geometry: rowGeometry(row, source), properties });
    }
  }
  return {
    type: 'FeatureCollection',
    ...(typeof info?.title === 'string' ? { name: info.title } : {}),
    features,
    [QGIS_KEPLER_MEMBER]: {
      config,
      ...(info ? { info } : {}),
      datasets: datasets.map(({ id, label, fields }) => ({ id, label, fields, geometryField: geometryFieldName(fields) })),
    },
  };
}

const geometryFieldName = (fields: KeplerField[]) => fields.find((field) => field.type === 'geojson')?.name ?? null;

interface StoredDataset {
  id: string;
  label: string;
  fields: KeplerField[];
  geometryField: string | null;
}

function readFeatures(json: JsonObject): Feature[] {
  if (json.type !== 'FeatureCollection' || !Array.isArray(json.features)) throw new KeplerFileError('A qgis map file is a GeoJSON FeatureCollection; this file is not');
  return json.features.filter(isJsonObject).map((feature) => ({
    type: 'Feature',
    geometry: parseGeometry(feature.geometry),
    properties: isJsonObject(feature.properties) ? feature.properties : {},
  }));
}

function readStoredDatasets(member: JsonObject): StoredDataset[] {
  if (!Array.isArray(member.datasets)) return [];
  return member.datasets.filter(isJsonObject).flatMap((entry) => {
    if (typeof entry.id !== 'string' || !Array.isArray(entry.fields)) return [];
    const fields = entry.fields.filter((field): field is KeplerField => isJsonObject(field) && typeof field.name === 'string' && typeof field.type === 'string');
    return [{ id: entry.id, label: typeof entry.label === 'string' ? entry.label : entry.id, fields, geometryField: typeof entry.geometryField === 'string' ? entry.geometryField : null }];
  });
}

const rowOf = (feature: Feature, dataset: StoredDataset) =>
  dataset.fields.map((field) => (field.name === dataset.geometryField ? (feature.geometry ? JSON.stringify(feature.geometry) : null) : (feature.properties[field.name] ?? null)));

/** Fields of plain GeoJSON properties: numbers, booleans, the rest as text. */
function inferFields(features: Feature[]): KeplerField[] {
  const names: string[] = [];
  for (const feature of features) for (const name of Object.keys(feature.properties)) if (name !== QGIS_DATASET_PROPERTY && !names.includes(name)) names.push(name);
  const fields = names.map((name): KeplerField => {
    const values = features.map((feature) => feature.properties[name]).filter((value) => value !== null && value !== undefined);
    if (values.length && values.every((value) => typeof value === 'boolean')) return { name, type: 'boolean', format: '' };
    if (values.length && values.every((value) => typeof value === 'number')) return { name, type: values.every(Number.isInteger) ? 'integer' : 'real', format: '' };
    return { name, type: 'string', format: '' };
  });
  return [...fields, { name: GEOJSON_FIELD, type: 'geojson', format: '' }];
}

/** A GeoJSON layer for each dataset: what a GeoJSON file without a kepler.gl config is drawn with. */
function geojsonConfig(datasets: KeplerDatasetData[]): KeplerConfig {
  return {
    version: 'v1',
    config: {
      visState: {
        filters: [],
        layers: datasets.map((data, index) => ({
          id: `geojson-${index + 1}`,
          type: 'geojson',
          config: { dataId: data.id, label: data.label, columns: { geojson: GEOJSON_FIELD }, isVisible: true },
        })),
        interactionConfig: {
          tooltip: {
            enabled: true,
            fieldsToShow: Object.fromEntries(
              datasets.map((data) => [data.id, data.fields.filter((field) => field.type !== 'geojson').slice(0, 5).map((field) => ({ name: field.name, format: null }))]),
            ),
          },
        },
        layerBlending: 'normal',
        splitMaps: [],
      },
      mapState: {},
      mapStyle: {},
    },
  };
}

/** Plain GeoJSON: one dataset per `kepler_dataset` value (one in all when absent), each drawn by a GeoJSON layer. */
function fromPlainGeoJson(features: Feature[], name: string): KeplerSavedMap {
  const groups = new Map<string, Feature[]>();
  for (const feature of features) {
    const key = feature.properties[QGIS_DATASET_PROPERTY];
    const id = typeof key === 'string' && key ? key : 'features';
    groups.set(id, [...(groups.get(id) ?? []), feature]);
  }
  const datasets = [...groups].map(([id, group]): KeplerDatasetData => {
    const fields = inferFields(group);
    const dataset: StoredDataset = { id, label: groups.size > 1 ? `${name} (${id})` : name, fields, geometryField: GEOJSON_FIELD };
    return { id, label: dataset.label, fields, allData: group.map((feature) => rowOf(feature, dataset)) };
  });
  return { datasets: datasets.map((data) => ({ version: 'v1', data })), config: geojsonConfig(datasets), info: { title: name } };
}

/** A qgis map file read back as a kepler.gl map (datasets and config). */
export function fromQgisGeoJson(json: unknown): KeplerSavedMap {
  if (!isJsonObject(json)) throw new KeplerFileError('A qgis map file is a GeoJSON FeatureCollection; this file is not');
  const features = readFeatures(json);
  const member = json[QGIS_KEPLER_MEMBER];
  const name = typeof json.name === 'string' && json.name ? json.name : 'GeoJSON features';
  if (!isJsonObject(member) || !isKeplerConfig(member.config)) return fromPlainGeoJson(features, name);
  const stored = readStoredDatasets(member);
  const datasets = stored.map((dataset) => ({
    version: 'v1',
    data: {
      id: dataset.id,
      label: dataset.label,
      fields: dataset.fields,
      allData: features.filter((feature) => feature.properties[QGIS_DATASET_PROPERTY] === dataset.id).map((feature) => rowOf(feature, dataset)),
    },
  }));
  return { datasets, config: member.config, ...(isJsonObject(member.info) ? { info: member.info } : {}) };
}
