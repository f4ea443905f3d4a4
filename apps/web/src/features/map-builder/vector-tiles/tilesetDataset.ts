// A vector tileset of ours (a dataset of type vector-tile, docs/vector-tiles.md) as kepler.gl 3.2 takes a remote
// vector tile dataset: what its own "load tileset" dialog hands to updateVisData, made from the record's
// metadata.vectorTile (the same facts as GET /v1/datasets/{id}/tiles.json), so nothing else is fetched first.
import type { Dataset, VectorTileMetadata } from '@atlas/domain';
import { formatNumberByStep, getNumericStepSize } from '@kepler.gl/utils';

/** The kepler.gl field types our TileJSON property types (Number, Boolean, String) become. */
const FIELD_TYPES = {
  Number: { type: 'real', analyzerType: 'FLOAT' },
  Boolean: { type: 'boolean', analyzerType: 'BOOLEAN' },
  String: { type: 'string', analyzerType: 'STRING' },
} as const;
type PropertyType = keyof typeof FIELD_TYPES;

/** kepler.gl's field of a tileset property; filterProps as kepler.gl's own TileJSON parser makes them. */
export interface TileField {
  name: string;
  id: string;
  format: '';
  type: (typeof FIELD_TYPES)[PropertyType]['type'];
  analyzerType: (typeof FIELD_TYPES)[PropertyType]['analyzerType'];
  filterProps: Record<string, unknown>;
}

/** kepler.gl's ProtoDataset of a remote vector tileset (info.type 'vector-tile', no rows: tiles come as the map moves). */
export interface KeplerTileDataset {
  info: { id: string; label: string; type: 'vector-tile'; format: 'rows' };
  data: { fields: TileField[]; rows: [] };
  metadata: {
    type: 'remote';
    remoteTileFormat: 'mvt';
    /** Absolute tile URL template naming the current build (kepler.gl's getTileUrl wants a host). */
    tilesetDataUrl: string;
    name: string;
    description: string;
    bounds: [number, number, number, number];
    center: [number, number, number];
    minZoom: number;
    maxZoom: number;
    fields: TileField[];
    metaJson: null;
    attributions: [];
  };
  /** kepler.gl filters tiles on the GPU, which takes numbers and booleans only. */
  supportedFilterTypes: ['real', 'integer', 'boolean'];
  /** No rows in the browser: kepler.gl's data table, export and joins have nothing to work on. */
  disableDataOperation: true;
}

/** Web Mercator stops short of the poles; a tileset without bounds covers the world. */
const WORLD: [number, number, number, number] = [-180, -85.0511, 180, 85.0511];

/** The tileset's build facts, when its metadata has a finished build (version) to draw. */
export function builtTileset(dataset: Pick<Dataset, 'type' | 'metadata'>): (VectorTileMetadata & { version: string }) | null {
  if (dataset.type !== 'vector-tile') return null;
  const tileset = dataset.metadata.vectorTile as Partial<VectorTileMetadata> | undefined;
  if (!tileset || typeof tileset !== 'object' || typeof tileset.version !== 'string' || !tileset.version) return null;
  if (!Number.isInteger(tileset.minZoom) || !Number.isInteger(tileset.maxZoom)) return null;
  return tileset as VectorTileMetadata & { version: string };
}

/** The tile URL template of a build: the tile route with `v` of the build, so tiles are cached per build. */
export function tileUrlTemplate(origin: string, datasetId: string, version: string): string {
  return `${origin}/v1/datasets/${encodeURIComponent(datasetId)}/tiles/{z}/{x}/{y}.pbf?v=${encodeURIComponent(version)}`;
}

/**
 * kepler.gl's description of a ready vector tileset, or null when it has no build to draw yet. Its tiles are the
 * signed-in tile route's, unless `tilesUrl` names others (a published map's page reads its own).
 */
export function keplerTileDataset(dataset: Pick<Dataset, 'id' | 'name' | 'description' | 'type' | 'metadata'>, origin: string, tilesUrl?: string): KeplerTileDataset | null {
  const tileset = builtTileset(dataset);
  if (!tileset) return null;
  const bounds = validBounds(tileset.bounds) ?? WORLD;
  const stats = (tileset as { fieldStats?: unknown }).fieldStats;
  const fields = Object.entries(tileset.fields ?? {}).map(([name, type]) => tileField(name, type, statsOf(stats, name)));
  return {
    info: { id: dataset.id, label: dataset.name, type: 'vector-tile', format: 'rows' },
    data: { fields, rows: [] },
    metadata: {
      type: 'remote',
      remoteTileFormat: 'mvt',
      tilesetDataUrl: tilesUrl ?? tileUrlTemplate(origin, dataset.id, tileset.version),
      name: dataset.name,
      description: dataset.description,
      bounds,
      center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, tileset.minZoom],
      minZoom: tileset.minZoom,
      maxZoom: tileset.maxZoom,
      fields,
      metaJson: null,
      attributions: [],
    },
    supportedFilterTypes: ['real', 'integer', 'boolean'],
    disableDataOperation: true,
  };
}

function validBounds(bounds: unknown): [number, number, number, number] | null {
  if (!Array.isArray(bounds) || bounds.length !== 4 || !bounds.every((value) => typeof value === 'number' && Number.isFinite(value))) return null;
  const [west, south, east, north] = bounds as [number, number, number, number];
  const inside = Math.abs(west) <= 180 && Math.abs(east) <= 180 && Math.abs(south) <= 90 && Math.abs(north) <= 90;
  return inside && west <= east && south <= north ? [west, south, east, north] : null;
}

/** What a build measured of a property (metadata.vectorTile.fieldStats): numbers' range, a short list of texts. */
export interface FieldStats {
  min?: number;
  max?: number;
  values?: string[];
}

/** A property's stats as the metadata has them; the record's metadata is editable, so only well-formed parts count. */
function statsOf(all: unknown, name: string): FieldStats {
  const raw = all && typeof all === 'object' ? (all as Record<string, unknown>)[name] : undefined;
  if (!raw || typeof raw !== 'object') return {};
  const { min, max, values } = raw as Record<string, unknown>;
  return {
    ...(typeof min === 'number' ? { min } : {}),
    ...(typeof max === 'number' ? { max } : {}),
    ...(Array.isArray(values) && values.every((value) => typeof value === 'string') ? { values: values as string[] } : {}),
  };
}

/**
 * A property as kepler.gl's field, with the filter domain kepler.gl's own TileJSON parser derives from tile stats:
 * numbers over their measured range (a step that suits it), booleans as 0..1 (filtered on the GPU like numbers),
 * texts as a pick list of their values. Types we do not know are text.
 */
export function tileField(name: string, type: string, stats: FieldStats = {}): TileField {
  const known = FIELD_TYPES[type as PropertyType] ?? FIELD_TYPES.String;
  return { name, id: name, format: '', ...known, filterProps: filterPropsOf(known.type, stats) };
}

function filterPropsOf(type: TileField['type'], { min, max, values }: FieldStats): Record<string, unknown> {
  if (type === 'boolean') return { domain: [0, 1], value: [0, 1], type: 'range', typeOptions: ['range'], gpu: true, step: 1 };
  if (type === 'real') {
    const low = Number.isFinite(min) ? min! : 0;
    const high = Number.isFinite(max) ? Math.max(max!, low) : low;
    const step = getNumericStepSize(high - low) || 0.1;
    const domain = [formatNumberByStep(low, step, 'floor'), formatNumberByStep(high, step, 'ceil')];
    return { domain, value: domain, type: 'range', typeOptions: ['range'], gpu: true, step };
  }
  return { domain: values ?? [], value: values ?? [], type: 'multiSelect', gpu: false };
}
