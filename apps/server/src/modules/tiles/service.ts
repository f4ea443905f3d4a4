// The tile proxy (/v1/tileset/{datasetId}/…): the dataset's read check, its tileset configuration, then tiles as
// Arrow (from the warm cache when the same version was served before), the metadata, the index and quantiles.
import { createHash } from 'node:crypto';
import { TIME_INTERVALS, type HextileIndex, type HextileMetadata, type QuantileRow, type TileProxyQuery } from '@atlas/domain';
import { cellToChildren, cellToChildrenSize } from 'h3-js';
import type { Engine } from '../../engine/types.js';
import { conflict, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import * as datasetsRepo from '../datasets/repo.js';
import type { StoredDataset } from '../datasets/repo.js';
import { intervalName } from './build-plan.js';
import { cellResolution, childRange, isCell } from './h3-cells.js';
import { denseTile, quantiles, sparseTile, tileRowCount, tilesOfLevel, type TileQuery } from './repo.js';
import { TileCache } from './tile-cache.js';
import { dataResolutionOf, maxZoomOf, readTilesetConfig, type TilesetConfig } from './tileset-config.js';

export interface TileDeps {
  db: Db;
  engine: Engine;
  cache: TileCache;
}

/** Tiles a level of the index lists at most; beyond, only their count. */
const INDEX_TILES = 4096;
/** auto mode: a tile whose cells hold data at least this often is dense. */
const DENSE_FILL = 0.5;

export interface Tileset {
  dataset: StoredDataset;
  config: TilesetConfig;
  version: string;
}

/** Read access, the record and its configuration, and checks of zipUrl. */
async function openTileset(deps: TileDeps, identity: Identity, datasetId: string, query: TileProxyQuery): Promise<Tileset> {
  const dataset = await datasetsRepo.findReadableDataset(deps.db, identity, datasetId);
  const config = readTilesetConfig(dataset);
  const version = dataset.metadata.dataVersion;
  if (typeof version !== 'string') {
    if (dataset.status === 'pending') throw conflict('The tileset is being built', `Dataset ${datasetId} is pending; its tiles are served once it is ready`);
    throw notFound('Tileset has no data', dataset.errorMessage ? `Its build failed: ${dataset.errorMessage}` : `Dataset ${datasetId} holds no tiles`);
  }
  if (query.zipUrl !== undefined) assertOwnArchive(dataset, query.zipUrl);
  return { dataset, config, version };
}

/** Nothing is fetched from elsewhere: zipUrl may only name the tileset's own data. */
function assertOwnArchive(dataset: StoredDataset, zipUrl: string): void {
  let path = zipUrl;
  try {
    path = new URL(zipUrl, 'http://local').pathname;
  } catch {
    // Not a URL: compared as given.
  }
  const own = [dataset.metadata.storageReadPath, `/v1/datasets/${dataset.id}/data`];
  if (!own.includes(path)) throw invalidInput('Invalid zipUrl', `zipUrl must name this tileset's own data (${own[1]}); tiles are never read from elsewhere`);
}

/** `q`: the value columns to answer, comma-separated (default all). */
function selectColumns(config: TilesetConfig, q: string | undefined, numericOnly = false): string[] {
  const usable = config.columns.filter((column) => !numericOnly || column.dtype !== 'keep').map((column) => column.name);
  if (q === undefined || q.trim() === '') return usable;
  const asked = [...new Set(q.split(',').map((name) => name.trim()).filter(Boolean))];
  const unknown = asked.filter((name) => !usable.includes(name));
  if (unknown.length) throw invalidInput('Unknown column in q', `${unknown.map((name) => JSON.stringify(name)).join(', ')}; the tileset's columns: ${usable.join(', ')}`);
  return asked;
}

const etagOf = (tileset: Tileset, key: string) => `"${createHash('sha1').update(`${tileset.dataset.id}\n${tileset.version}\n${key}`).digest('base64url')}"`;

export type TimeSelection = { kind: 'all' } | { kind: 'bucket'; path: string } | { kind: 'range'; interval: string };

/** A time path (2024, 2024/03, 2024/03/01, …/13, …/13/45, …/13/45/30): its interval by depth and the bucket's start. */
function parseTimePath(path: string): { interval: string; start: string } {
  const parts = path.split('/').filter(Boolean);
  const widths = [4, 2, 2, 2, 2, 2];
  if (parts.length === 0 || parts.length > 6 || parts.some((part, index) => !new RegExp(`^\\d{${widths[index]}}$`).test(part))) {
    throw invalidInput('Invalid time path', 'Give YYYY[/MM[/DD[/hh[/mm[/ss]]]]], e.g. 2024/03/01');
  }
  const [year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = parts;
  const start = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19).replace('T', ' ') !== start) throw invalidInput('Invalid time path', `${path} is not a date and time`);
  return { interval: TIME_INTERVALS[parts.length - 1]!, start };
}

function assertInterval(config: TilesetConfig, interval: string): string {
  if (config.kind !== 'geotemporal') throw invalidInput('Tileset has no time', 'It was built without sourceTimeColumn (a geo tileset)');
  if (!(config.timeIntervals as string[]).includes(interval)) throw invalidInput('Interval not in the tileset', `${interval}; it holds ${config.timeIntervals.join(', ')}`);
  return interval;
}

export interface TileAnswer {
  etag: string;
  /** Null when the caller's copy is current (304). */
  body: Buffer | null;
  mode: 'dense' | 'sparse';
}

/** GET /v1/tileset/{datasetId}/{z}/{hexId}[/time/{path} | /range/{interval}]. */
export async function serveTile(
  deps: TileDeps,
  identity: Identity,
  params: { datasetId: string; z: number; hexId: string; time: TimeSelection },
  query: TileProxyQuery,
  ifNoneMatch: string | undefined,
): Promise<TileAnswer> {
  const tileset = await openTileset(deps, identity, params.datasetId, query);
  const { config } = tileset;
  const hexId = params.hexId.toLowerCase();
  if (!isCell(hexId)) throw invalidInput('Invalid tile', `${params.hexId.slice(0, 40)} is not an H3 cell index`);
  if (cellResolution(hexId) !== params.z) throw invalidInput('Invalid tile', `${hexId} is a cell of resolution ${cellResolution(hexId)}, not ${params.z}`);
  const maxZoom = maxZoomOf(config);
  if (params.z > maxZoom) throw invalidInput('Invalid tile', `This tileset's tiles have resolutions 0..${maxZoom}`);
  const columns = selectColumns(config, query.q);
  let time: TileQuery['time'] = { kind: 'all' };
  if (params.time.kind === 'bucket') {
    const bucket = parseTimePath(params.time.path);
    time = { kind: 'bucket', interval: assertInterval(config, bucket.interval), start: bucket.start };
  } else if (params.time.kind === 'range') {
    time = { kind: 'range', interval: assertInterval(config, intervalName(params.time.interval.toUpperCase())) };
  }
  const dataRes = dataResolutionOf(config, params.z);
  const key = JSON.stringify([hexId, dataRes, time, columns]);
  const etag = etagOf(tileset, key);
  const cached = deps.cache.get(etag);
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return { etag, body: null, mode: cached?.mode ?? 'sparse' };
  if (cached) return { etag, body: cached.body, mode: cached.mode };
  const data = await deps.engine.datasetData(tileset.dataset.id);
  if (!data) throw notFound('Tileset has no data', `Dataset ${tileset.dataset.id} holds no tiles`);
  const range = childRange(hexId, dataRes);
  const tileQuery: TileQuery = { relation: data.relation, config, first: range.first, last: range.last, columns, time };
  const mode = await tileMode(deps.engine, tileQuery, hexId, dataRes);
  const body = mode === 'dense' ? await denseTile(deps.engine, tileQuery, cellToChildren(hexId, dataRes)) : await sparseTile(deps.engine, tileQuery);
  deps.cache.set(etag, { body, mode });
  return { etag, body, mode };
}

/** Dense or sparse: as the tileset says, or (auto) dense when most of the tile's cells hold data. Ranges are sparse. */
async function tileMode(engine: Engine, query: TileQuery, hexId: string, dataRes: number): Promise<'dense' | 'sparse'> {
  if (query.time.kind === 'range' || query.config.tileMode === 'sparse') return 'sparse';
  if (query.config.tileMode === 'dense') return 'dense';
  const size = cellToChildrenSize(hexId, dataRes);
  return (await tileRowCount(engine, query)) >= size * DENSE_FILL ? 'dense' : 'sparse';
}

export interface JsonAnswer<T> {
  etag: string;
  body: T | null;
}

const answer = <T>(etag: string, ifNoneMatch: string | undefined, produce: () => Promise<T> | T): Promise<JsonAnswer<T>> | JsonAnswer<T> =>
  ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag) ? { etag, body: null } : Promise.resolve(produce()).then((body) => ({ etag, body }));

/** GET /v1/tileset/{datasetId}/metadata. */
export async function tilesetMetadata(deps: TileDeps, identity: Identity, datasetId: string, query: TileProxyQuery, ifNoneMatch?: string): Promise<JsonAnswer<HextileMetadata>> {
  const tileset = await openTileset(deps, identity, datasetId, query);
  const { config, dataset } = tileset;
  const columns = selectColumns(config, query.q);
  return answer(etagOf(tileset, JSON.stringify(['metadata', columns, dataset.updatedAt])), ifNoneMatch, () => ({
    datasetId,
    dataVersion: tileset.version,
    kind: config.kind,
    tileMode: config.tileMode,
    tileSize: config.tileSize,
    finestResolution: config.finestResolution,
    resolutionOffset: config.resolutionOffset,
    minZoom: 0,
    maxZoom: maxZoomOf(config),
    timeIntervals: config.timeIntervals,
    timeRange: config.timeRange,
    columns: config.columns.filter((column) => columns.includes(column.name)),
    viewport: config.viewport,
    rowCount: Number(dataset.metadata.rowCount ?? 0),
  }));
}

/** GET /v1/tileset/{datasetId}/tileset-index: per tile resolution, the tiles that hold data. */
export async function tilesetIndex(deps: TileDeps, identity: Identity, datasetId: string, query: TileProxyQuery, ifNoneMatch?: string): Promise<JsonAnswer<HextileIndex>> {
  const tileset = await openTileset(deps, identity, datasetId, query);
  const { config } = tileset;
  return answer(etagOf(tileset, JSON.stringify(['index', tileset.dataset.updatedAt])), ifNoneMatch, async () => {
    const data = await deps.engine.datasetData(datasetId);
    if (!data) throw notFound('Tileset has no data', `Dataset ${datasetId} holds no tiles`);
    const levels: HextileIndex['levels'] = [];
    for (let z = 0; z <= maxZoomOf(config); z++) {
      const tiles = await tilesOfLevel(deps.engine, data.relation, config, z, INDEX_TILES + 1);
      const tileCount = config.cellCounts[z] ?? tiles.length;
      levels.push({ z, dataResolution: dataResolutionOf(config, z), tileCount, tiles: tiles.length > INDEX_TILES ? null : tiles });
    }
    return { datasetId, dataVersion: tileset.version, viewport: config.viewport, levels };
  });
}

/** GET /v1/tileset/{datasetId}/{res}/quantiles[/{interval}]. */
export async function tilesetQuantiles(
  deps: TileDeps,
  identity: Identity,
  params: { datasetId: string; res: number; interval: string | null },
  query: TileProxyQuery,
  ifNoneMatch?: string,
): Promise<JsonAnswer<QuantileRow[]>> {
  const tileset = await openTileset(deps, identity, params.datasetId, query);
  const { config } = tileset;
  if (params.res > config.finestResolution) throw invalidInput('Invalid resolution', `This tileset holds resolutions 0..${config.finestResolution}`);
  const interval = params.interval === null ? null : assertInterval(config, intervalName(params.interval.toUpperCase()));
  const columns = selectColumns(config, query.q, true);
  return answer(etagOf(tileset, JSON.stringify(['quantiles', params.res, interval, columns])), ifNoneMatch, async () => {
    const data = await deps.engine.datasetData(params.datasetId);
    if (!data) throw notFound('Tileset has no data', `Dataset ${params.datasetId} holds no tiles`);
    return quantiles(deps.engine, data.relation, config, params.res, interval, columns);
  });
}
