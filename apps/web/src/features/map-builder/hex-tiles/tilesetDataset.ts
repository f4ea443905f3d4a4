// A hex tileset of ours (a dataset of type hex-tile, docs/tiles.md) as the dataset kepler.gl is given: no rows (tiles
// come as the map moves), a field per numeric output column whose color and height domains are the tileset's own
// quantiles per tile resolution (GET /v1/tileset/{id}/{res}/quantiles), and the tile levels the layer asks tiles by.
// A geotemporal tileset also carries the domains of each way the layer can show its time (all time, each interval).
import type { ApiClient } from '@atlas/client';
import type { Dataset, HextileColumn, QuantileRow, TilesetViewport } from '@atlas/domain';
import { formatNumberByStep, getNumericStepSize } from '@kepler.gl/utils';
import { hexTilesetBase } from './tilePath';
import { dataResolution, type Bounds, type TileLevels } from './tileIndices';
import { ALL_TIME, playableIntervals, timeKey } from './timeBuckets';

/** kepler.gl's dataset type of ours (kepler.gl's own are local, vector-tile, raster-tile, wms-tile). */
export const HEX_TILE_DATASET = 'hex-tile';

const INTEGER_DTYPES = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']);
const REAL_DTYPES = new Set(['float32', 'float64']);
const WORLD: Bounds = [-180, -85.0511, 180, 85.0511];

/** The domains kepler.gl reads from a tile field (as for its own tilesets): per tile resolution z, and over all. */
export interface HexFieldDomains {
  domain: [number, number];
  /** Quantiles 0, .25, .5, .75, 1 of the cells drawn at each tile resolution (kepler.gl's quantile scale by zoom). */
  domainQuantiles: { quantiles: number[][]; z: number[] };
  /** Their range per tile resolution (kepler.gl's quantize and linear scales by zoom). */
  domainStops: { stops: Array<[number, number]>; z: number[] };
}

export interface HexField {
  name: string;
  id: string;
  format: '';
  type: 'integer' | 'real';
  analyzerType: 'INT' | 'FLOAT';
  filterProps: Record<string, unknown>;
}

export interface HexTilesetMetadata extends TileLevels {
  type: 'remote';
  remoteTileFormat: 'hex';
  tilesetId: string;
  /** The tileset's tile proxy routes (tiles, index, quantiles): the signed-in ones, or a published map's. */
  base: string;
  /** The build (data version): tiles of another build are other tiles. */
  version: string;
  kind: 'geo' | 'geotemporal';
  bounds: Bounds;
  minZoom: 0;
  /** Per tile resolution, the tiles that hold data when the index lists them (else every tile is asked for). */
  tilesWithData: Record<number, string[]>;
  timeIntervals: string[];
  timeRange: { start: string; end: string } | null;
  fields: HexField[];
  /**
   * Each column's domains under each time setting of the layer (`timeKey`: ALL_TIME or an interval); the fields'
   * filterProps hold the default setting's.
   */
  domainsByTime: Partial<Record<string, Record<string, HexFieldDomains>>>;
}

/** kepler.gl's ProtoDataset of a hex tileset. */
export interface KeplerHexTileDataset {
  info: { id: string; label: string; type: typeof HEX_TILE_DATASET; format: 'rows' };
  data: { fields: HexField[]; rows: [] };
  metadata: HexTilesetMetadata;
  supportedFilterTypes: ['real', 'integer'];
  disableDataOperation: true;
}

/** What the record's metadata.hexTile says (written by the build, docs/tiles.md "How a tileset is stored"). */
export interface HexTileRecord {
  kind: 'geo' | 'geotemporal';
  finestResolution: number;
  resolutionOffset: number;
  timeIntervals?: string[];
  timeRange?: { start: string; end: string } | null;
  columns: HextileColumn[];
  viewport?: TilesetViewport | null;
}

/** The record's tileset description when the tileset is built (ready, with its levels and columns). */
export function builtHexTileset(dataset: Pick<Dataset, 'type' | 'status' | 'metadata'>): HexTileRecord | null {
  if (dataset.type !== 'hex-tile' || dataset.status !== 'ready') return null;
  const hexTile = dataset.metadata.hexTile as Partial<HexTileRecord> | undefined;
  if (!hexTile || !Number.isInteger(hexTile.finestResolution) || !Number.isInteger(hexTile.resolutionOffset) || !Array.isArray(hexTile.columns)) return null;
  return hexTile as HexTileRecord;
}

export function levelsOf(tileset: Pick<HexTileRecord, 'finestResolution' | 'resolutionOffset'>): TileLevels {
  const offset = tileset.resolutionOffset;
  return { offset, finest: tileset.finestResolution, maxZoom: Math.max(0, tileset.finestResolution - offset) };
}

/** The tile resolutions 0..maxZoom. */
const tileZooms = ({ maxZoom }: TileLevels) => Array.from({ length: maxZoom + 1 }, (_, z) => z);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * One column's quantiles at one resolution: the row over all time, or (a geotemporal tileset, one row per bucket)
 * the buckets' pooled: the lowest minimum, the median quartiles, the highest maximum.
 */
function pooledQuantiles(rows: readonly QuantileRow[], column: string): number[] | null {
  const quantiles = rows
    .filter((row) => row.column === column)
    .map((row) => [row.q0, row.q25, row.q50, row.q75, row.q100])
    .filter((values): values is number[] => values.every((value) => typeof value === 'number' && Number.isFinite(value)));
  if (quantiles.length === 0) return null;
  const at = (index: number) => quantiles.map((values) => values[index]!);
  return [Math.min(...at(0)), median(at(1)), median(at(2)), median(at(3)), Math.max(...at(4))];
}

/** Every column's domains from the quantile rows of each tile resolution (`byZoom[z]`). */
export function fieldDomains(columns: readonly string[], byZoom: ReadonlyArray<readonly QuantileRow[]>): Map<string, HexFieldDomains> {
  const domains = new Map<string, HexFieldDomains>();
  for (const column of columns) {
    const quantiles: number[][] = [];
    const z: number[] = [];
    byZoom.forEach((rows, zoom) => {
      const values = pooledQuantiles(rows, column);
      if (!values) return;
      quantiles.push(values);
      z.push(zoom);
    });
    if (z.length === 0) continue;
    const low = Math.min(...quantiles.map((values) => values[0]!));
    const high = Math.max(...quantiles.map((values) => values[4]!));
    const stops = quantiles.map((values) => [values[0]!, values[4]!] as [number, number]);
    domains.set(column, { domain: [low, high], domainQuantiles: { quantiles, z }, domainStops: { stops, z } });
  }
  return domains;
}

/** A numeric output column as kepler.gl's field: filtered over its whole range, colored by its domains per zoom. */
export function hexField(column: Pick<HextileColumn, 'name' | 'dtype'>, domains: HexFieldDomains | undefined): HexField | null {
  const integer = INTEGER_DTYPES.has(column.dtype);
  if (!integer && !REAL_DTYPES.has(column.dtype)) return null;
  const [low, high] = domains?.domain ?? [0, 0];
  const step = getNumericStepSize(high - low) || (integer ? 1 : 0.1);
  const domain = [formatNumberByStep(low, step, 'floor'), formatNumberByStep(high, step, 'ceil')];
  const filterProps = { domain, value: domain, type: 'range', typeOptions: ['range'], gpu: true, step, ...(domains ? { domainQuantiles: domains.domainQuantiles, domainStops: domains.domainStops } : {}) };
  return { name: column.name, id: column.name, format: '', type: integer ? 'integer' : 'real', analyzerType: integer ? 'INT' : 'FLOAT', filterProps };
}

/**
 * The tileset's area as kepler.gl fits the map to it. A viewport across the antimeridian (minLng > maxLng, as the
 * server writes it) continues east past 180°, which the map then shows centred on the data rather than the world.
 */
export function boundsOf(viewport: TilesetViewport | null | undefined): Bounds {
  if (!viewport) return WORLD;
  const { minLng, minLat, maxLng, maxLat } = viewport;
  if (![minLng, minLat, maxLng, maxLat].every(Number.isFinite) || minLat > maxLat) return WORLD;
  return [minLng, minLat, minLng <= maxLng ? maxLng : maxLng + 360, maxLat];
}

/** Quantile rows per tile resolution (`[z]`) under each time setting (`timeKey`: ALL_TIME or an interval). */
export type QuantilesByTime = Partial<Record<string, ReadonlyArray<readonly QuantileRow[]>>>;

/** The time of a tileset record, as its description holds it. */
const timeOf = (tileset: HexTileRecord) => ({ kind: tileset.kind, timeIntervals: tileset.timeIntervals ?? [], timeRange: tileset.timeRange ?? null });

/** kepler.gl's description of a built tileset, given its quantiles per tile resolution (per time setting) and its index. */
export function keplerHexTileDataset(
  dataset: Pick<Dataset, 'id' | 'name' | 'metadata'>,
  tileset: HexTileRecord,
  { quantiles, tilesWithData, base = hexTilesetBase(dataset.id) }: { quantiles: QuantilesByTime; tilesWithData: Record<number, string[]>; base?: string },
): KeplerHexTileDataset {
  const levels = levelsOf(tileset);
  const columns = tileset.columns.map((column) => column.name);
  const domainsByTime = Object.fromEntries(Object.entries(quantiles).map(([key, byZoom]) => [key, Object.fromEntries(fieldDomains(columns, byZoom ?? []))]));
  const domains = domainsByTime[timeKey(timeOf(tileset))] ?? {};
  const fields = tileset.columns.flatMap((column) => hexField(column, domains[column.name]) ?? []);
  const version = dataset.metadata.dataVersion;
  return {
    info: { id: dataset.id, label: dataset.name, type: HEX_TILE_DATASET, format: 'rows' },
    data: { fields, rows: [] },
    metadata: {
      type: 'remote',
      remoteTileFormat: 'hex',
      tilesetId: dataset.id,
      base,
      version: typeof version === 'string' ? version : '',
      kind: tileset.kind,
      ...levels,
      bounds: boundsOf(tileset.viewport),
      minZoom: 0,
      tilesWithData,
      timeIntervals: tileset.timeIntervals ?? [],
      timeRange: tileset.timeRange ?? null,
      fields,
      domainsByTime,
    },
    supportedFilterTypes: ['real', 'integer'],
    disableDataOperation: true,
  };
}

interface IndexAnswer {
  levels: Array<{ z: number; tiles: string[] | null }>;
}

/**
 * Reads what the description needs besides the record: quantiles per tile resolution over all time (and for a
 * geotemporal tileset, per bucket of each interval it can play: a bucket holds less than all time) and the tileset's
 * index, from the tile proxy routes at `base` (a published map's page reads its own).
 */
export async function loadHexTileDataset(
  client: Pick<ApiClient, 'http'>,
  dataset: Pick<Dataset, 'id' | 'name' | 'type' | 'status' | 'metadata'>,
  signal?: AbortSignal,
  base = hexTilesetBase(dataset.id),
): Promise<KeplerHexTileDataset> {
  const tileset = builtHexTileset(dataset);
  if (!tileset) throw new Error('The hex tileset is not built yet.');
  const levels = levelsOf(tileset);
  const resolutions = [...new Set(tileZooms(levels).map((z) => dataResolution(z, levels)))];
  const keys = [ALL_TIME, ...playableIntervals(timeOf(tileset))];
  const read = (key: string, res: number) => client.http.request<QuantileRow[]>('GET', `${base}/${res}/quantiles${key === ALL_TIME ? '' : `/${key}`}`, { signal });
  const [index, byKey] = await Promise.all([
    client.http.request<IndexAnswer>('GET', `${base}/tileset-index`, { signal }),
    Promise.all(keys.map(async (key) => new Map(await Promise.all(resolutions.map(async (res) => [res, await read(key, res)] as const))))),
  ]);
  const quantiles = Object.fromEntries(keys.map((key, at) => [key, tileZooms(levels).map((z) => byKey[at]!.get(dataResolution(z, levels)) ?? [])]));
  const tilesWithData: Record<number, string[]> = {};
  for (const level of index.levels) if (level.tiles) tilesWithData[level.z] = level.tiles;
  return keplerHexTileDataset(dataset, tileset, { quantiles, tilesWithData, base });
}
