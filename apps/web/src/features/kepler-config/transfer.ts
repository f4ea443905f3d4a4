// Import and export against the API: datasets created from a file's rows (Arrow up), a map record with its studio
// state, and saved maps read back with their data (Arrow down). The conversions themselves are in convert.ts.
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord } from '@atlas/domain';
import { saveMap } from '../map-builder/saveMap';
import { datasetsToCreate, exportDocument, exportFileName, exportNeedsData, importedMapName, importedStateData, type ExportedDataset } from './convert';
import type { ParsedKeplerFile } from './parse';
import type { KeplerMapFormat } from './types';

type Client = Pick<ApiClient, 'datasets' | 'maps' | 'studioStates'>;

/** Where a long import or export is: step `done` of `total`, and what happens now. */
export interface TransferProgress {
  done: number;
  total: number;
  label: string;
}

export interface ImportInput {
  file: ParsedKeplerFile;
  format: KeplerMapFormat;
  fileName: string;
  /** kepler.gl-raw: the dataset UUID chosen for each dataId of the config. */
  picked?: Readonly<Record<string, string>>;
}

/** Creates the datasets (kepler.gl, qgis) and the map; answers the new map record. */
export async function importKeplerMap(client: Client, { file, format, fileName, picked = {} }: ImportInput, onProgress: (progress: TransferProgress) => void): Promise<CatalogueRecord> {
  const toCreate = file.kind === 'map' ? datasetsToCreate(file.map) : [];
  const total = toCreate.length * 2 + 1;
  const mapping: Record<string, string> = { ...picked };
  for (const [index, dataset] of toCreate.entries()) {
    const step = `dataset ${index + 1} of ${toCreate.length}, “${dataset.name}”`;
    onProgress({ done: index * 2, total, label: `Creating ${step}` });
    const created = await client.datasets.create({ name: dataset.name.slice(0, 200), type: 'managed' });
    onProgress({ done: index * 2 + 1, total, label: `Uploading the ${dataset.table.numRows.toLocaleString('en')} rows of ${step}` });
    const body = new Blob([tableToIPC(dataset.table, 'stream') as Uint8Array<ArrayBuffer>], { type: 'application/vnd.apache.arrow.stream' });
    const loaded = await client.datasets.uploadData(created.id, body, { format: 'arrow' });
    if (loaded.status === 'error') throw new Error(`“${dataset.name}” could not be loaded (${loaded.errorMessage ?? 'no reason given'})`);
    mapping[dataset.sourceId] = created.id;
  }
  onProgress({ done: total - 1, total, label: 'Saving the map' });
  const config = file.kind === 'map' ? file.map.config : file.config;
  const record = await saveMap(client, {
    title: importedMapName(file.kind === 'map' ? file.map : null, fileName),
    description: file.kind === 'map' && typeof file.map.info?.description === 'string' ? file.map.info.description.slice(0, 10_000) : '',
    datasetIds: [...new Set(Object.values(mapping))],
    data: importedStateData(config, mapping, format),
  });
  onProgress({ done: total, total, label: 'Done' });
  return record;
}

/** The export file of a saved map: its latest state, and for kepler.gl and qgis the rows of every dataset. */
export async function exportKeplerMap(client: Client, record: CatalogueRecord, format: KeplerMapFormat, onProgress: (progress: TransferProgress) => void): Promise<{ blob: Blob; fileName: string }> {
  const sources = exportNeedsData(format) ? record.datasets : [];
  const total = sources.length + 1;
  const datasets: ExportedDataset[] = [];
  for (const [index, dataset] of sources.entries()) {
    onProgress({ done: index, total, label: `Reading dataset ${index + 1} of ${sources.length}, “${dataset.name}”` });
    const bytes = await client.datasets.downloadData(dataset.id, { format: 'arrow' });
    datasets.push({ id: dataset.id, name: dataset.name, table: tableFromIPC(new Uint8Array(bytes)) });
  }
  onProgress({ done: total - 1, total, label: 'Writing the file' });
  const document = exportDocument(format, record.latestState?.data, datasets, { name: record.name, description: record.description });
  const type = format === 'qgis' ? 'application/geo+json' : 'application/json';
  onProgress({ done: total, total, label: 'Done' });
  return { blob: new Blob([JSON.stringify(document)], { type }), fileName: exportFileName(record.name, format) };
}
