// The one DuckDB SELECT that builds a hex tileset from a dataset's points or cells (written by engine.materialize).
// Rows: every cell of resolutions 0..finest that holds data, `h3` as its string; for geotemporal tilesets, per time
// interval and bucket (`interval`, `time`) and once over all time (both null). Each value is its column's aggregation
// of the underlying rows of that cell, bucket and interval, computed from those rows, never from children's results.
import type { HextileAggregation as Aggregation, HextileTimeInterval as TimeInterval } from '@atlas/domain';
import { sqlIdentifier } from '../../engine/sql.js';
import { cellSql, parentSql } from './h3-cells.js';

export const TIME_UNITS: Record<TimeInterval, string> = { YEAR: 'year', MONTH: 'month', DAY: 'day', HOUR: 'hour', MINUTE: 'minute', SECOND: 'second' };

/** The DuckDB type a column is stored as. */
export const DUCKDB_TYPE_OF_DTYPE: Record<string, string> = {
  int8: 'TINYINT',
  int16: 'SMALLINT',
  int32: 'INTEGER',
  int64: 'BIGINT',
  uint8: 'UTINYINT',
  uint16: 'USMALLINT',
  uint32: 'UINTEGER',
  uint64: 'UBIGINT',
  float32: 'FLOAT',
  float64: 'DOUBLE',
};

export interface BuildColumn {
  /** Null: count(*) of the rows (the default column when none is asked for). */
  source: string | null;
  target: string;
  agg: Aggregation;
  /** A key of DUCKDB_TYPE_OF_DTYPE, or 'keep' for the aggregate's own type (non-numeric min, max, mode). */
  dtype: string;
}

export interface BuildPlan {
  /** Trusted relation of the source's data. */
  relation: string;
  /** SQL (over alias s, and k for `cells`) of the UBIGINT cell index at the finest resolution, null for rows to leave out. */
  cell: string;
  /** For points: SQL (over alias s) of their DOUBLE latitude and longitude, whose cells are computed first (point-cells.ts). */
  points: { lat: string; lng: string } | null;
  /** Trusted relation of those cells, row for row with `relation` (joined by position as alias k); null before. */
  cells: string | null;
  finest: number;
  /** SQL (over alias s) of the row's timestamp, for geotemporal tilesets. */
  time: string | null;
  intervals: TimeInterval[];
  columns: BuildColumn[];
}

const HOLISTIC = new Set<Aggregation>(['median', 'mode']);
const v = (index: number) => `v${index}`;

const modeSql = (value: string) => `list_sort(list_transform(map_entries(histogram(${value})), lambda e: {'n': -e.value, 'v': e.key}))[1].v`;

/** The aggregate over the underlying rows. */
function directAggregate(column: BuildColumn, index: number): string {
  const value = column.source === null ? '*' : v(index);
  switch (column.agg) {
    case 'sum':
      return `sum(${value})`;
    case 'count':
      return `count(${value})`;
    case 'min':
      return `min(${value})`;
    case 'max':
      return `max(${value})`;
    case 'mean':
      return `avg(${value})`;
    case 'median':
      return `median(${value})`;
    default:
      return modeSql(value);
  }
}

/**
 * Counts combined: their sum kept a BIGINT (a count cannot pass it). A sum of BIGINTs is a HUGEINT, which each coarser
 * level would add up again at a higher cost (resolution 8 of the 10 M-point bench: 3.4 CPU-s against 2.8).
 */
const countSum = (name: string) => `CAST(sum(${name}) AS BIGINT)`;

/** Partial results per finest cell that coarser cells combine exactly (sum, count, min, max; mean as sum and count). */
function partials(column: BuildColumn, index: number): Array<{ name: string; sql: string; combine: string }> {
  const value = column.source === null ? '*' : v(index);
  const p = (suffix: string) => `p${index}_${suffix}`;
  switch (column.agg) {
    case 'sum':
      return [{ name: p('s'), sql: `sum(${value})`, combine: `sum(${p('s')})` }];
    case 'count':
      return [{ name: p('n'), sql: `count(${value})`, combine: countSum(p('n')) }];
    case 'min':
      return [{ name: p('m'), sql: `min(${value})`, combine: `min(${p('m')})` }];
    case 'max':
      return [{ name: p('m'), sql: `max(${value})`, combine: `max(${p('m')})` }];
    default:
      return [
        { name: p('s'), sql: `sum(${value})`, combine: `sum(${p('s')})` },
        { name: p('n'), sql: `count(${value})`, combine: countSum(p('n')) },
      ];
  }
}

/** A cell's value from its combined partials (a mean: null without values). */
function fromPartials(column: BuildColumn, index: number): string {
  if (column.agg === 'mean') return `CASE WHEN p${index}_n > 0 THEN CAST(p${index}_s AS DOUBLE) / p${index}_n END`;
  return partials(column, index)[0]!.name;
}

const stored = (column: BuildColumn, sql: string) =>
  column.dtype === 'keep' ? `${sql} AS ${sqlIdentifier(column.target)}` : `TRY_CAST(${sql} AS ${DUCKDB_TYPE_OF_DTYPE[column.dtype]}) AS ${sqlIdentifier(column.target)}`;

/** Time sets: all time (no interval), then each interval's buckets. */
function timeSets(plan: BuildPlan): Array<{ interval: string; bucket: string; where: string }> {
  const sets = [{ interval: 'CAST(NULL AS VARCHAR)', bucket: 'CAST(NULL AS TIMESTAMP)', where: 'TRUE' }];
  for (const interval of plan.intervals) {
    sets.push({ interval: `'${interval}'`, bucket: `date_trunc('${TIME_UNITS[interval]}', ts)`, where: 'ts IS NOT NULL' });
  }
  return sets;
}

/** The build's SELECT. */
export function buildSql(plan: BuildPlan): string {
  const temporal = plan.time !== null;
  const values = plan.columns.flatMap((column, index) => (column.source === null ? [] : [`s.${sqlIdentifier(column.source)} AS ${v(index)}`]));
  const selected = [`${plan.cell} AS c`, ...(temporal ? [`${plan.time} AS ts`] : []), ...values];
  const from = plan.cells === null ? `${plan.relation} AS s` : `${plan.relation} AS s POSITIONAL JOIN ${plan.cells} AS k`;
  const sets = timeSets(plan);
  // Kept once when several time sets read the points; a single one reads them as they stream.
  const points = `pts AS ${sets.length > 1 ? 'MATERIALIZED ' : ''}(SELECT * FROM (SELECT ${selected.join(', ')} FROM ${from}) AS s WHERE c IS NOT NULL)`;
  // Each time set's rows: the cell, the interval and bucket (geotemporal only: a geo tileset groups by the cell alone), the values.
  const keys = temporal ? ', iv, t' : '';
  const groupBy = temporal ? 'GROUP BY 1, 2, 3' : 'GROUP BY 1';
  const valueList = plan.columns.map((column, index) => (column.source === null ? '' : `, ${v(index)}`)).join('');
  const keyed = sets.map((set) => `SELECT c${temporal ? `, ${set.interval} AS iv, ${set.bucket} AS t` : ''}${valueList} FROM pts WHERE ${set.where}`);
  const keyedRows = `keyed AS (${keyed.join(' UNION ALL ')})`;
  const levels: string[] = [];
  let ctes: string[];
  if (plan.columns.some((column) => HOLISTIC.has(column.agg))) {
    // Median and mode need the underlying values at every resolution.
    ctes = [points, keyedRows];
    for (let res = 0; res <= plan.finest; res++) {
      const outputs = plan.columns.map((column, index) => stored(column, directAggregate(column, index)));
      levels.push(`SELECT ${parentSql('c', res)} AS cell${keys}, ${outputs.join(', ')} FROM keyed ${groupBy}`);
    }
  } else {
    // Sums, counts, minima and maxima of cells combine exactly into their parents': each resolution is grouped from the
    // next finer one (a seventh of the rows or fewer each step), not from the finest cells again.
    const parts = plan.columns.flatMap((column, index) => partials(column, index));
    const level = (res: number) => (res === plan.finest ? 'fine' : `level${res}`);
    ctes = [points, keyedRows, `fine AS MATERIALIZED (SELECT c AS cell${keys}, ${parts.map((part) => `${part.sql} AS ${part.name}`).join(', ')} FROM keyed ${groupBy})`];
    for (let res = plan.finest - 1; res >= 0; res--) {
      const combined = parts.map((part) => `${part.combine} AS ${part.name}`).join(', ');
      ctes.push(`${level(res)} AS MATERIALIZED (SELECT ${parentSql('cell', res)} AS cell${keys}, ${combined} FROM ${level(res + 1)} ${groupBy})`);
    }
    const outputs = plan.columns.map((column, index) => stored(column, fromPartials(column, index)));
    for (let res = 0; res <= plan.finest; res++) levels.push(`SELECT cell${keys}, ${outputs.join(', ')} FROM ${level(res)}`);
  }
  const targets = plan.columns.map((column) => `l.${sqlIdentifier(column.target)}`).join(', ');
  const timeColumns = temporal ? `, l.t AS "time", l.iv AS "interval"` : '';
  // By the cell's 64-bit index, which orders as its fixed-width hex string does (h3-cells.ts), at a fraction of the
  // cost; sorted before the strings are made, so that the sort does not carry them.
  const order = temporal ? 'ORDER BY cell, iv NULLS FIRST, t NULLS FIRST' : 'ORDER BY cell';
  const sorted = `SELECT * FROM (${levels.join(' UNION ALL ')}) AS u ${order}`;
  return `WITH ${ctes.join(', ')} SELECT ${cellSql('l.cell')} AS "h3"${timeColumns}, ${targets} FROM (${sorted}) AS l`;
}
