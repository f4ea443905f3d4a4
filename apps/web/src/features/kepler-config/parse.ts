// Reading an imported file: what each format must hold, with a message a person can act on when it does not.
import { fromQgisGeoJson } from './qgis';
import type { JsonObject, KeplerConfig, KeplerMapFormat, KeplerSavedDataset, KeplerSavedMap } from './types';

export class KeplerFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeplerFileError';
  }
}

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{version, config: {…}}` as getConfigToSave writes it. */
export function isKeplerConfig(value: unknown): value is KeplerConfig {
  return isJsonObject(value) && typeof value.version === 'string' && isJsonObject(value.config);
}

function isSavedDataset(value: unknown): value is KeplerSavedDataset {
  if (!isJsonObject(value) || !isJsonObject(value.data)) return false;
  const { id, fields, allData } = value.data;
  return typeof id === 'string' && Array.isArray(fields) && fields.every((field) => isJsonObject(field) && typeof field.name === 'string') && Array.isArray(allData);
}

export function isKeplerSavedMap(value: unknown): value is KeplerSavedMap {
  return isJsonObject(value) && Array.isArray(value.datasets) && isKeplerConfig(value.config);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new KeplerFileError('The file is not JSON');
  }
}

/** A kepler.gl map file (datasets and config), checked dataset by dataset. */
function readSavedMap(json: unknown): KeplerSavedMap {
  if (!isKeplerSavedMap(json)) throw new KeplerFileError('A kepler.gl map file holds "datasets" and "config" ({version, config}); this one does not');
  const broken = json.datasets.findIndex((dataset) => !isSavedDataset(dataset));
  if (broken >= 0) throw new KeplerFileError(`Dataset ${broken + 1} of the file has no id, fields and allData`);
  return json;
}

/** A config alone; a whole map file is accepted too, and only its config is used. */
function readConfig(json: unknown): KeplerConfig {
  if (isKeplerConfig(json)) return json;
  if (isKeplerSavedMap(json)) return json.config;
  throw new KeplerFileError('A kepler.gl config holds "version" and "config" ({visState, mapState, mapStyle}); this file does not');
}

export type ParsedKeplerFile = { kind: 'map'; map: KeplerSavedMap } | { kind: 'config'; config: KeplerConfig };

/** Reads an imported file's text in the chosen format. */
export function parseKeplerFile(text: string, format: KeplerMapFormat): ParsedKeplerFile {
  const json = parseJson(text);
  switch (format) {
    case 'kepler.gl':
      return { kind: 'map', map: readSavedMap(json) };
    case 'kepler.gl-raw':
      return { kind: 'config', config: readConfig(json) };
    case 'qgis':
      return { kind: 'map', map: fromQgisGeoJson(json) };
  }
}
