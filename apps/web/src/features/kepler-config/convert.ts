// The pure halves of import and export: what to create from a file, and the file a saved map becomes.
import type { StateData } from '@atlas/domain';
import type { Table } from 'apache-arrow';
import { arrowTableFromKeplerDataset, keplerDatasetFromArrowTable } from './arrowRows';
import { remapDataIds } from './dataIds';
import { toQgisGeoJson } from './qgis';
import { configFromStateData, stateDataFromConfig } from './state';
import type { JsonObject, KeplerConfig, KeplerMapFormat, KeplerSavedMap } from './types';

export interface DatasetToCreate {
  /** The id the file's config uses for it. */
  sourceId: string;
  name: string;
  table: Table;
}

/** One managed dataset per dataset of a kepler.gl map file, its rows as an Arrow table. */
export function datasetsToCreate(map: KeplerSavedMap): DatasetToCreate[] {
  return map.datasets.map(({ data }) => ({ sourceId: data.id, name: (typeof data.label === 'string' && data.label.trim()) || data.id, table: arrowTableFromKeplerDataset(data) }));
}

/** The new map's state data: the file's config pointing at our datasets (`mapping`: file id → dataset UUID). */
export function importedStateData(config: KeplerConfig, mapping: Readonly<Record<string, string>>, format: KeplerMapFormat): StateData {
  return stateDataFromConfig(remapDataIds(config, mapping), format);
}

/** The title a kepler.gl file gives its map (info.title), else the file's name without its extension. */
export function importedMapName(map: KeplerSavedMap | null, fileName: string): string {
  const title = map?.info?.title;
  if (typeof title === 'string' && title.trim()) return title.trim().slice(0, 200);
  return fileName.replace(/\.[^.]+$/, '').trim().slice(0, 200) || 'Imported map';
}

export interface ExportedDataset {
  id: string;
  name: string;
  table: Table;
}

export interface ExportedRecord {
  name: string;
  description: string;
}

const infoOf = (record: ExportedRecord, now: Date): JsonObject => ({ app: 'kepler.gl', created_at: now.toString(), title: record.name, description: record.description });

/** The file a saved map exports to in `format` (datasets are needed by kepler.gl and qgis only). */
export function exportDocument(format: KeplerMapFormat, stateData: StateData | null | undefined, datasets: ExportedDataset[], record: ExportedRecord, now = new Date()): JsonObject {
  const config = configFromStateData(stateData);
  if (format === 'kepler.gl-raw') return config;
  const data = datasets.map((dataset) => keplerDatasetFromArrowTable(dataset.table, { id: dataset.id, label: dataset.name }));
  if (format === 'qgis') return toQgisGeoJson({ datasets: data, config, info: infoOf(record, now) });
  return { datasets: data.map((entry) => ({ version: 'v1', data: entry })), config, info: infoOf(record, now) } satisfies KeplerSavedMap;
}

/** Whether exporting in `format` needs the data rows. */
export const exportNeedsData = (format: KeplerMapFormat) => format !== 'kepler.gl-raw';

const EXTENSIONS: Record<KeplerMapFormat, string> = { 'kepler.gl': '.kepler.json', 'kepler.gl-raw': '.config.json', qgis: '.geojson' };

/** A file name for the export of map `name`. */
export function exportFileName(name: string, format: KeplerMapFormat): string {
  const base = name.replace(/[^\p{L}\p{N}._ -]+/gu, '').trim().replace(/\s+/g, '-') || 'map';
  return `${base}${EXTENSIONS[format]}`;
}
