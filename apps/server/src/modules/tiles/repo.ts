// Queries over a built tileset's data (its Parquet file, sorted by h3: each tile's cells are one contiguous range, so
// the row groups' min/max statistics skip the rest of the file).
import { Readable } from 'node:stream';
import { TIME_INTERVALS, type QuantileRow, type TilesetViewport } from '@atlas/domain';
import { cellToBoundary } from 'h3-js';
import type { DatasetData, Engine } from '../../engine/types.js';
import { sqlIdentifier } from '../../engine/sql.js';
import { toQuantileRows } from '../query/quantile-rows.js';
import type { TilesetConfig } from './tileset-config.js';

/** Cells listed in a viewport estimate at most. */
const VIEWPORT_CELLS = 2000;
/** The quantiles a quantiles answer holds (QuantileRow's fields). */
const QUANTILES = [
  [0, 'q0'],
  [0.25, 'q25'],
  [0.5, 'q50'],
  [0.75, 'q75'],
  [1, 'q100'],
] as const;

/** First and last cell string of a resolution (every cell string is 15 hex digits starting 8, then the resolution). */
export const resolutionRange = (res: number) => ({ first: `8${res.toString(16)}${'0'.repeat(13)}`, last: `8${res.toString(16)}${'f'.repeat(13)}` });

/** Rows over all time: a geotemporal tileset keeps them with interval and time null. */
const allTime = (config: Pick<TilesetConfig, 'kind'>) => (config.kind === 'geotemporal' ? ' AND t."interval" IS NULL' : '');

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The smallest span of longitudes holding every value: the circle less its largest empty gap. When that gap is not the
 * one across ±180°, the span crosses the antimeridian and answers west > east (Fiji: 177 to -178).
 */
export function longitudeSpan(longitudes: readonly number[]): { west: number; east: number } {
  const sorted = [...longitudes].sort((a, b) => a - b);
  let gap = sorted[0]! + 360 - sorted[sorted.length - 1]!;
  let span = { west: sorted[0]!, east: sorted[sorted.length - 1]! };
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]! - sorted[i - 1]! > gap) {
      gap = sorted[i]! - sorted[i - 1]!;
      span = { west: sorted[i]!, east: sorted[i - 1]! };
    }
  }
  return span;
}

/** The area the cells cover; across the antimeridian, minLng > maxLng (docs/tiles.md). */
export function viewportOf(cells: readonly string[]): TilesetViewport | null {
  if (cells.length === 0) return null;
  const longitudes: number[] = [];
  let [minLat, maxLat] = [90, -90];
  for (const cell of cells) {
    for (const [lat, lng] of cellToBoundary(cell)) {
      longitudes.push(lng!);
      minLat = Math.min(minLat, lat!);
      maxLat = Math.max(maxLat, lat!);
    }
  }
  const { west, east } = longitudeSpan(longitudes);
  return { minLng: west, minLat, maxLng: east, maxLat };
}

/** After a build: cells per resolution, the area covered and the time range, for the record's metadata. */
export async function summarizeTileset(engine: Engine, data: DatasetData, config: Pick<TilesetConfig, 'kind' | 'finestResolution' | 'timeIntervals'>) {
  const counts = await engine.queryRows(
    `SELECT substr(t."h3", 2, 1) AS "res", count(*) AS "cells" FROM ${data.relation} AS t WHERE TRUE${allTime(config)} GROUP BY 1`,
    [],
  );
  const cellCounts = Array.from({ length: config.finestResolution + 1 }, () => 0);
  for (const row of counts) cellCounts[parseInt(String(row.res), 16)] = Number(row.cells);
  // The finest resolution whose cells are few enough to outline the data.
  let res = 0;
  while (res < config.finestResolution && cellCounts[res + 1]! <= VIEWPORT_CELLS) res++;
  const range = resolutionRange(res);
  const cells = await engine.queryRows(`SELECT t."h3" FROM ${data.relation} AS t WHERE t."h3" BETWEEN $1 AND $2${allTime(config)} LIMIT ${VIEWPORT_CELLS}`, [
    range.first,
    range.last,
  ]);
  let timeRange: { start: string; end: string } | null = null;
  // From the first to the last bucket of the finest interval: a coarser one's first bucket (the year's or the month's
  // start) may lie well before the first data, and the map's timeline would start there, empty.
  const finest = TIME_INTERVALS.filter((interval) => config.timeIntervals.includes(interval)).at(-1);
  if (config.kind === 'geotemporal' && finest) {
    const [row] = await engine.queryRows(`SELECT min(t."time") AS "start", max(t."time") AS "end" FROM ${data.relation} AS t WHERE t."interval" = $1`, [finest]);
    if (row?.start != null && row.end != null) timeRange = { start: String(row.start), end: String(row.end) };
  }
  return { cellCounts, viewport: viewportOf(cells.map((row) => String(row.h3))), timeRange };
}

export interface TileQuery {
  relation: string;
  config: TilesetConfig;
  /** The tile's cells: a contiguous range of cell strings. */
  first: string;
  last: string;
  /** Value columns to answer. */
  columns: string[];
  /** Which rows: over all time, one bucket of an interval, or every bucket of one. */
  time: { kind: 'all' } | { kind: 'bucket'; interval: string; start: string } | { kind: 'range'; interval: string };
}

function tileWhere(query: TileQuery, params: unknown[]): string {
  params.push(query.first, query.last);
  let where = `t."h3" BETWEEN $1 AND $2`;
  if (query.config.kind !== 'geotemporal') return where;
  if (query.time.kind === 'all') return `${where} AND t."interval" IS NULL`;
  params.push(query.time.interval);
  where += ` AND t."interval" = $${params.length}`;
  if (query.time.kind === 'bucket') {
    params.push(query.time.start);
    where += ` AND t."time" = CAST($${params.length} AS TIMESTAMP)`;
  }
  return where;
}

export async function tileRowCount(engine: Engine, query: TileQuery): Promise<number> {
  const params: unknown[] = [];
  const [row] = await engine.queryRows(`SELECT count(*) AS "rows" FROM ${query.relation} AS t WHERE ${tileWhere(query, params)}`, params);
  return Number(row?.rows ?? 0);
}

/** A sparse tile: the cells holding data (h3, with time for a range), as Arrow. */
export async function sparseTile(engine: Engine, query: TileQuery): Promise<Buffer> {
  const params: unknown[] = [];
  const values = query.columns.map((name) => `t.${sqlIdentifier(name)}`);
  const keys = query.time.kind === 'range' ? ['t."h3"', 't."time"'] : ['t."h3"'];
  const order = query.time.kind === 'range' ? 't."time", t."h3"' : 't."h3"';
  const sql = `SELECT ${[...keys, ...values].join(', ')} FROM ${query.relation} AS t WHERE ${tileWhere(query, params)} ORDER BY ${order}`;
  return collect(await engine.queryArrow(sql, params));
}

/** A dense tile: one row per child cell of the tile, in index order (no h3 column: the position says it), null where no data. */
export async function denseTile(engine: Engine, query: TileQuery, children: readonly string[]): Promise<Buffer> {
  const params: unknown[] = [];
  const where = tileWhere(query, params);
  params.push(children);
  const list = `CAST($${params.length} AS VARCHAR[])`;
  const values = query.columns.map((name) => `t.${sqlIdentifier(name)}`);
  const sql =
    `SELECT ${values.join(', ')} FROM (SELECT unnest(${list}) AS "h3", unnest(range(len(${list}))) AS "n") AS c ` +
    `LEFT JOIN (SELECT * FROM ${query.relation} AS t WHERE ${where}) AS t ON t."h3" = c."h3" ORDER BY c."n"`;
  return collect(await engine.queryArrow(sql, params));
}

/** Cells of resolution z holding data: the tiles of that level; at most `limit` of them, and how many there are. */
export async function tilesOfLevel(engine: Engine, relation: string, config: TilesetConfig, z: number, limit: number): Promise<string[]> {
  const range = resolutionRange(z);
  const rows = await engine.queryRows(`SELECT t."h3" FROM ${relation} AS t WHERE t."h3" BETWEEN $1 AND $2${allTime(config)} ORDER BY 1 LIMIT ${Math.trunc(limit)}`, [
    range.first,
    range.last,
  ]);
  return rows.map((row) => String(row.h3));
}

/**
 * Quantiles 0, .25, .5, .75 and 1 of each numeric column over the cells of resolution `res`: over all time, or per
 * bucket of `interval`.
 */
export async function quantiles(engine: Engine, relation: string, config: TilesetConfig, res: number, interval: string | null, columns: string[]): Promise<QuantileRow[]> {
  const range = resolutionRange(res);
  const params: unknown[] = [range.first, range.last];
  let where = `t."h3" BETWEEN $1 AND $2`;
  if (config.kind === 'geotemporal') {
    if (interval === null) where += ' AND t."interval" IS NULL';
    else {
      params.push(interval);
      where += ` AND t."interval" = $${params.length}`;
    }
  }
  const time = interval === null ? 'CAST(NULL AS TIMESTAMP)' : 't."time"';
  const branches = columns.map((name) => {
    params.push(name);
    const qs = QUANTILES.map(([q, alias]) => `quantile_cont(CAST(t.${sqlIdentifier(name)} AS DOUBLE), ${q}) AS "${alias}"`).join(', ');
    return `SELECT ${time} AS "time", CAST($${params.length} AS VARCHAR) AS "column", ${qs} FROM ${relation} AS t WHERE ${where} GROUP BY 1`;
  });
  if (branches.length === 0) return [];
  const rows = await engine.queryRows(`SELECT * FROM (${branches.join(' UNION ALL ')}) AS q ORDER BY 1 NULLS FIRST, 2`, params);
  return toQuantileRows(rows);
}
