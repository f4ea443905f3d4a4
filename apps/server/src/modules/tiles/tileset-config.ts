// What a hex tileset's dataset record says about it (metadata.hexTile), read back with the §8 checks: the record's
// metadata may be edited through PUT /v1/datasets/{id}, so nothing in it is trusted before it is checked.
import { AGGREGATIONS, Messages, TILE_SIZES, TILESET_KINDS, TILESET_MODES, TIME_INTERVALS, type HextileColumn, type TilesetViewport } from '@atlas/domain';
import type { StoredDataset } from '../datasets/repo.js';
import { invalidInput } from '../../http/errors.js';

export interface TilesetConfig {
  sourceId: string;
  kind: (typeof TILESET_KINDS)[number];
  tileMode: (typeof TILESET_MODES)[number];
  tileSize: (typeof TILE_SIZES)[number] | null;
  finestResolution: number;
  /** Resolutions between a tile and the data cells it holds. */
  resolutionOffset: number;
  timeIntervals: Array<(typeof TIME_INTERVALS)[number]>;
  columns: HextileColumn[];
  viewport: TilesetViewport | null;
  timeRange: { start: string; end: string } | null;
  /** Cells holding data (over all time) per resolution 0..finest. */
  cellCounts: number[];
}

const VIEWPORT_FIELDS = ['minLng', 'minLat', 'maxLng', 'maxLat'] as const;

const missing = (details: string) => invalidInput(Messages.hexTileIndexMetadata, details);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isResolution = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 15;
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

/** The viewport as stored: null, or an object of four numbers. */
export function readViewport(value: unknown): TilesetViewport | null {
  if (value === null || value === undefined) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw invalidInput(Messages.couldNotDeserializeViewport, 'metadata.hexTile.viewport is not JSON');
    }
  }
  if (!isObject(parsed)) throw invalidInput(Messages.couldNotDeserializeViewport, 'metadata.hexTile.viewport is not an object');
  const viewport = {} as TilesetViewport;
  for (const field of VIEWPORT_FIELDS) {
    const number = parsed[field];
    if (typeof number !== 'number' || !Number.isFinite(number)) throw invalidInput(Messages.nonNumericViewport(field), `metadata.hexTile.viewport.${field} is ${JSON.stringify(number) ?? 'missing'}`);
    viewport[field] = number;
  }
  return viewport;
}

function readColumns(value: unknown): HextileColumn[] {
  if (!Array.isArray(value) || value.length === 0) throw missing('metadata.hexTile.columns is not a list of columns');
  return value.map((column, index) => {
    if (!isObject(column) || typeof column.name !== 'string' || !oneOf(AGGREGATIONS, column.aggMethod) || typeof column.dtype !== 'string') {
      throw missing(`metadata.hexTile.columns[${index}] needs name, aggMethod and dtype`);
    }
    const sourceColumn = typeof column.sourceColumn === 'string' ? column.sourceColumn : null;
    return { name: column.name, sourceColumn, aggMethod: column.aggMethod, dtype: column.dtype };
  });
}

/** The tileset's configuration, or 422 with the §8 message that says what is wrong. */
export function readTilesetConfig(dataset: StoredDataset): TilesetConfig {
  if (dataset.type !== 'hex-tile') throw missing(`Dataset ${dataset.id} is a ${dataset.type} dataset, not a hex tileset`);
  const stored = dataset.metadata.hexTile;
  if (!isObject(stored)) throw missing('metadata.hexTile is missing');
  const { sourceId, kind, tileMode, tileSize, finestResolution, resolutionOffset, timeIntervals, timeRange, cellCounts } = stored;
  if (typeof sourceId !== 'string') throw missing('metadata.hexTile.sourceId is missing');
  if (!oneOf(TILESET_KINDS, kind)) throw missing('metadata.hexTile.kind must be geo or geotemporal');
  if (!oneOf(TILESET_MODES, tileMode)) throw missing('metadata.hexTile.tileMode must be dense, sparse or auto');
  if (tileSize !== null && tileSize !== undefined && !oneOf(TILE_SIZES, tileSize)) throw missing('metadata.hexTile.tileSize must be S, M, L or XL');
  if (!isResolution(finestResolution)) throw missing('metadata.hexTile.finestResolution must be an integer 0..15');
  if (!isResolution(resolutionOffset) || resolutionOffset < 1) throw missing('metadata.hexTile.resolutionOffset must be an integer 1..15');
  const intervals = Array.isArray(timeIntervals) ? timeIntervals : [];
  if (!intervals.every((interval) => oneOf(TIME_INTERVALS, interval))) throw missing('metadata.hexTile.timeIntervals holds an unknown interval');
  if (kind === 'geotemporal' && intervals.length === 0) throw missing('a geotemporal tileset needs metadata.hexTile.timeIntervals');
  const counts = Array.isArray(cellCounts) && cellCounts.every((count) => Number.isInteger(count)) ? (cellCounts as number[]) : [];
  const range = isObject(timeRange) && typeof timeRange.start === 'string' && typeof timeRange.end === 'string' ? { start: timeRange.start, end: timeRange.end } : null;
  return {
    sourceId,
    kind,
    tileMode,
    tileSize: tileSize ?? null,
    finestResolution,
    resolutionOffset,
    timeIntervals: intervals as TilesetConfig['timeIntervals'],
    columns: readColumns(stored.columns),
    viewport: readViewport(stored.viewport),
    timeRange: range,
    cellCounts: counts,
  };
}

/** Tile resolutions: 0 up to where a tile's data cells reach the finest resolution. */
export const maxZoomOf = (config: Pick<TilesetConfig, 'finestResolution' | 'resolutionOffset'>) => Math.max(0, config.finestResolution - config.resolutionOffset);

/** The resolution of the cells a tile of resolution z holds. */
export const dataResolutionOf = (config: Pick<TilesetConfig, 'finestResolution' | 'resolutionOffset'>, z: number) => Math.min(z + config.resolutionOffset, config.finestResolution);
