// The shapes of kepler.gl's saved files (KeplerGlSchema.save / getConfigToSave, schema version v1). Only the keys we
// read are typed; every object keeps the rest untouched, because a round trip must not lose keys we do not know.
import type { KEPLER_MAP_FORMATS } from '@atlas/domain';

export type KeplerMapFormat = (typeof KEPLER_MAP_FORMATS)[number];

export type JsonObject = Record<string, unknown>;

/** getConfigToSave: `{version: 'v1', config: {visState, mapState, mapStyle, …}}`, plus whatever else a writer added. */
export interface KeplerConfig extends JsonObject {
  version: string;
  config: JsonObject;
}

/** kepler.gl's field types (ALL_FIELD_TYPES of @kepler.gl/constants). */
export type KeplerFieldType = 'boolean' | 'date' | 'geojson' | 'integer' | 'real' | 'string' | 'timestamp' | 'point' | 'array' | 'object' | 'h3' | 'geoarrow';

export interface KeplerField extends JsonObject {
  name: string;
  type: KeplerFieldType;
  format?: string;
  analyzerType?: string;
}

/** One saved dataset: rows as arrays, in the order of `fields`. */
export interface KeplerDatasetData extends JsonObject {
  id: string;
  label: string;
  fields: KeplerField[];
  allData: unknown[][];
}

export interface KeplerSavedDataset extends JsonObject {
  version: string;
  data: KeplerDatasetData;
}

/** KeplerGlSchema.save: a whole map, data included. */
export interface KeplerSavedMap extends JsonObject {
  datasets: KeplerSavedDataset[];
  config: KeplerConfig;
  info?: JsonObject;
}
