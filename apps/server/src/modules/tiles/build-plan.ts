// POST /v1/datasets/hextile: the request checked against the source's columns, into the build's plan and the
// configuration the tileset's record keeps.
import { TILE_SIZE_RES_OFFSET, TIME_INTERVAL_CODES, type HextileAggregation as Aggregation, type HextileRequest, type HextileTimeInterval as TimeInterval } from '@atlas/domain';
import type { ColumnInfo } from '@atlas/pipeline';
import type { DatasetData } from '../../engine/types.js';
import { sqlIdentifier } from '../../engine/sql.js';
import { invalidInput } from '../../http/errors.js';
import type { BuildColumn, BuildPlan } from './build-sql.js';
import { indexSql, isCellIndexSql, parentSql, resolutionSql } from './h3-cells.js';
import { POINT_CELL_SQL } from './point-cells.js';
import type { TilesetConfig } from './tileset-config.js';

/** Columns every tileset row may carry besides its values. */
export const RESERVED_COLUMNS = new Set(['h3', 'time', 'interval']);
const DEFAULT_TILE_SIZE = 'M';
const INTERVAL_OF_CODE: Record<(typeof TIME_INTERVAL_CODES)[number], TimeInterval> = { Y: 'YEAR', M: 'MONTH', D: 'DAY', H: 'HOUR', T: 'MINUTE' };
const NUMERIC_ONLY = new Set<Aggregation>(['sum', 'mean', 'median']);

export const intervalName = (value: string): TimeInterval => (INTERVAL_OF_CODE as Record<string, TimeInterval>)[value] ?? (value as TimeInterval);

const isNumeric = (column: ColumnInfo) => column.type === 'integer' || column.type === 'number';

function column(columns: readonly ColumnInfo[], name: string, field: string): ColumnInfo {
  const found = columns.find((candidate) => candidate.name === name);
  if (!found) throw invalidInput(`Invalid prop for hextile: ${field}`, `The source has no column ${JSON.stringify(name)}; its columns: ${columns.map((c) => c.name).join(', ')}`);
  return found;
}

/** The stored type of a column: asked for, or what its aggregation gives. */
function dtypeOf(agg: Aggregation, source: ColumnInfo | null, asked: string | undefined): string {
  if (asked) return asked;
  if (agg === 'count') return 'int64';
  if (agg === 'mean' || agg === 'median') return 'float64';
  if (source && source.type === 'integer') return 'int64';
  if (source && source.type === 'number') return 'float64';
  return 'keep';
}

function outputColumns(request: HextileRequest, columns: readonly ColumnInfo[]): BuildColumn[] {
  const asked = request.outputColumns ?? [];
  if (asked.length === 0) return [{ source: null, target: 'count', agg: 'count', dtype: 'int64' }];
  const targets = new Set<string>();
  return asked.map((output, index) => {
    const source = column(columns, output.sourceColumn, `outputColumns[${index}].sourceColumn`);
    const target = output.targetColumn ?? output.sourceColumn;
    if (RESERVED_COLUMNS.has(target)) throw invalidInput(`Invalid prop for hextile: outputColumns[${index}].targetColumn`, `${JSON.stringify(target)} is a column every tileset has (h3, time, interval)`);
    if (targets.has(target)) throw invalidInput(`Invalid prop for hextile: outputColumns[${index}].targetColumn`, `Two output columns are named ${JSON.stringify(target)}`);
    targets.add(target);
    const agg = output.aggMethod ?? (isNumeric(source) ? 'sum' : 'mode');
    if (NUMERIC_ONLY.has(agg) && !isNumeric(source)) {
      throw invalidInput(`Invalid prop for hextile: outputColumns[${index}].aggMethod`, `${agg} needs a numeric column; ${JSON.stringify(source.name)} holds ${source.type} values`);
    }
    if (output.dtype && !isNumeric(source) && agg !== 'count') {
      throw invalidInput(`Invalid prop for hextile: outputColumns[${index}].dtype`, `${JSON.stringify(source.name)} holds ${source.type} values; dtype is for numbers`);
    }
    return { source: source.name, target, agg, dtype: dtypeOf(agg, source, output.dtype) };
  });
}

function timeSql(request: HextileRequest, columns: readonly ColumnInfo[]): { time: string | null; intervals: TimeInterval[] } {
  const name = request.sourceTimeColumn ?? null;
  if (name === null) {
    if (request.timeIntervals?.length) throw invalidInput('Invalid prop for hextile: timeIntervals', 'timeIntervals needs sourceTimeColumn');
    if (request.kind === 'geotemporal') throw invalidInput('Invalid prop for hextile: kind', 'A geotemporal tileset needs sourceTimeColumn');
    return { time: null, intervals: [] };
  }
  if (request.kind === 'geo') throw invalidInput('Invalid prop for hextile: kind', 'A geo tileset has no sourceTimeColumn');
  const time = column(columns, name, 'sourceTimeColumn');
  if (!['timestamp', 'date', 'string'].includes(time.type)) throw invalidInput('Invalid prop for hextile: sourceTimeColumn', `${JSON.stringify(name)} holds ${time.type} values, not times`);
  const intervals = [...new Set((request.timeIntervals ?? ['DAY']).map(intervalName))];
  return { time: `TRY_CAST(s.${sqlIdentifier(time.name)} AS TIMESTAMP)`, intervals };
}

export interface PlannedBuild {
  plan: BuildPlan;
  config: Omit<TilesetConfig, 'viewport' | 'timeRange' | 'cellCounts'>;
  /** For a hex column: the SQL that counts values that are not cells of at least the finest resolution. */
  badCellsSql: string | null;
}

/** Checks the request against the source and plans the build; 422 "Invalid prop for hextile: {field}" otherwise. */
export function planBuild(request: HextileRequest, sourceId: string, data: DatasetData): PlannedBuild {
  const { columns } = data;
  const hex = request.sourceHexColumn;
  const lat = request.sourceLatColumn;
  const lng = request.sourceLngColumn;
  if (hex && (lat || lng)) throw invalidInput('Invalid prop for hextile: sourceHexColumn', 'Give sourceHexColumn, or sourceLatColumn and sourceLngColumn, not both');
  let cell: string;
  let finest: number;
  let points: BuildPlan['points'] = null;
  let badCellsSql: string | null = null;
  if (hex) {
    const hexColumn = column(columns, hex, 'sourceHexColumn');
    if (!['string', 'h3'].includes(hexColumn.type)) throw invalidInput('Invalid prop for hextile: sourceHexColumn', `${JSON.stringify(hex)} holds ${hexColumn.type} values, not H3 cell strings`);
    if (request.finestResolution === undefined) throw invalidInput('Invalid prop for hextile: finestResolution', 'Give the resolution of the finest cells (at most that of the hex column)');
    finest = request.finestResolution;
    const index = indexSql(`s.${sqlIdentifier(hexColumn.name)}`);
    // Cells finer than the finest resolution count in their parent there.
    cell = `CASE WHEN ${isCellIndexSql(index)} AND ${resolutionSql(index)} >= ${finest} THEN ${parentSql(index, finest)} END`;
    badCellsSql =
      `SELECT count(*) AS "bad" FROM ${data.relation} AS s WHERE s.${sqlIdentifier(hexColumn.name)} IS NOT NULL ` +
      `AND (${index} IS NULL OR NOT ${isCellIndexSql(index)} OR ${resolutionSql(index)} < ${finest})`;
  } else {
    if (!lat || !lng) throw invalidInput('Invalid prop for hextile: sourceHexColumn', 'Give sourceHexColumn, or both sourceLatColumn and sourceLngColumn');
    const latColumn = column(columns, lat, 'sourceLatColumn');
    const lngColumn = column(columns, lng, 'sourceLngColumn');
    if (!isNumeric(latColumn) || !isNumeric(lngColumn)) throw invalidInput('Invalid prop for hextile: sourceLatColumn', 'Latitude and longitude columns must hold numbers');
    if (request.finestResolution === undefined) throw invalidInput('Invalid prop for hextile: finestResolution', 'Give finestResolution (0..15) for a tileset built from points');
    finest = request.finestResolution;
    points = { lat: `CAST(s.${sqlIdentifier(latColumn.name)} AS DOUBLE)`, lng: `CAST(s.${sqlIdentifier(lngColumn.name)} AS DOUBLE)` };
    cell = POINT_CELL_SQL;
  }
  const { time, intervals } = timeSql(request, columns);
  const built = outputColumns(request, columns);
  const tileSize = request.tileSize ?? (request.targetResOffset === undefined ? DEFAULT_TILE_SIZE : null);
  const resolutionOffset = request.targetResOffset ?? TILE_SIZE_RES_OFFSET[tileSize ?? DEFAULT_TILE_SIZE];
  return {
    plan: { relation: data.relation, cell, points, cells: null, finest, time, intervals, columns: built },
    config: {
      sourceId,
      kind: time ? 'geotemporal' : 'geo',
      tileMode: request.tileMode ?? 'auto',
      tileSize,
      finestResolution: finest,
      resolutionOffset,
      timeIntervals: intervals,
      columns: built.map((output) => ({ name: output.target, sourceColumn: output.source, aggMethod: output.agg, dtype: output.dtype })),
    },
    badCellsSql,
  };
}
