// One description per SQL family a pipeline compiles to: the embedded engine (duckdb) and each warehouse family a
// connection runs (docs/connectors.md, "Pushed-down pipelines"). Every difference in the compiler's SQL is a lookup here.
import type { ColumnType, Dialect } from './types.js';

/** date_trunc units: fixed keywords chosen from the interval code, never user text. */
export const DATE_TRUNC_UNITS = { Y: 'year', M: 'month', D: 'day', H: 'hour', T: 'minute' } as const;
export type TruncUnit = (typeof DATE_TRUNC_UNITS)[keyof typeof DATE_TRUNC_UNITS];

type CastType = Exclude<ColumnType, 'geometry' | 'h3' | 'unknown'>;

export interface DialectSql {
  readonly name: Dialect;
  /** A quoted identifier (a column, an alias or a compiler-chosen CTE name). */
  ident(name: string): string;
  /** `qualifier.<ident>` or `<ident>`; qualifiers are fixed compiler-chosen aliases (t, l, r, …). */
  column(name: string, qualifier?: string): string;
  /** The type name in `CAST(… AS <type>)`; geometry, h3 and unknown values travel as text. */
  type(type: ColumnType): string;
  /** `a / b` as a floating-point division, NULL when b is 0. */
  divide(dividend: string, divisor: string): string;
  /** `a % b` for integers, NULL when b is 0. */
  modulo(dividend: string, divisor: string): string;
  /** The exact median aggregate, or undefined where the warehouse has none (422). */
  median?(x: string): string;
  /** The most frequent value, or undefined where the warehouse has none (422). */
  mode?(x: string): string;
  /** A timestamp truncated to a unit. */
  truncate(unit: TruncUnit, timestamp: string): string;
  /** ` LIMIT … OFFSET …` in the order the grammar wants. */
  limit(length: string, offset?: string): string;
  /** A literal table of typed cells (already `CAST($n AS T)`), columns named by quoted identifiers. */
  values(rows: readonly (readonly string[])[], names: readonly string[]): string;
  /** Most bound parameters one statement may hold, where the warehouse documents a limit. */
  readonly maxParams?: number;
  /** Whether the atlas_h3_* functions exist (only the embedded engine registers them). */
  readonly h3: boolean;
}

function withoutNul(name: string): string {
  if (name.includes('\u0000')) throw new TypeError('identifier contains NUL');
  return name;
}

/** `"name"`, embedded double quotes doubled (ANSI; PostgreSQL, DuckDB, Snowflake, Trino, Redshift, Kinetica). */
const doubleQuoted = (name: string) => `"${withoutNul(name).replaceAll('"', '""')}"`;
/** `` `name` `` with embedded backticks doubled (Databricks / Spark SQL). */
const backtickDoubled = (name: string) => `\`${withoutNul(name).replaceAll('`', '``')}\``;
/** `` `name` `` with backslash escapes (BigQuery, whose quoted identifiers read `\` escape sequences). */
const backtickEscaped = (name: string) => `\`${withoutNul(name).replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;

type TypeNames = Readonly<Record<CastType, string>>;
const ANSI_TYPES: TypeNames = { integer: 'BIGINT', number: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMP', date: 'DATE', string: 'VARCHAR' };

interface Options {
  readonly ident?: (name: string) => string;
  readonly types?: Partial<TypeNames>;
  /** The dividend is cast to the float type first where `/` on integers divides integrally (or as a fixed decimal). */
  readonly castDividend?: boolean;
  readonly modulo?: DialectSql['modulo'];
  readonly median?: DialectSql['median'];
  readonly mode?: DialectSql['mode'];
  readonly truncate?: DialectSql['truncate'];
  readonly limit?: DialectSql['limit'];
  readonly values?: DialectSql['values'];
  readonly maxParams?: number;
  readonly h3?: boolean;
}

function dialect(name: Dialect, options: Options): DialectSql {
  const ident = options.ident ?? doubleQuoted;
  const types = { ...ANSI_TYPES, ...options.types };
  const type = (columnType: ColumnType) => (columnType in types ? types[columnType as CastType] : types.string);
  return {
    name,
    ident,
    column: (column, qualifier) => (qualifier ? `${qualifier}.${ident(column)}` : ident(column)),
    type,
    divide: (dividend, divisor) => `(${options.castDividend ? `CAST(${dividend} AS ${type('number')})` : dividend} / NULLIF(${divisor}, 0))`,
    modulo: options.modulo ?? ((dividend, divisor) => `(${dividend} % NULLIF(${divisor}, 0))`),
    ...(options.median ? { median: options.median } : {}),
    ...(options.mode ? { mode: options.mode } : {}),
    truncate: options.truncate ?? ((unit, timestamp) => `date_trunc('${unit}', ${timestamp})`),
    limit: options.limit ?? ((length, offset) => ` LIMIT ${length}${offset === undefined ? '' : ` OFFSET ${offset}`}`),
    values: options.values ?? ((rows, names) => `SELECT * FROM (VALUES ${rows.map((row) => `(${row.join(', ')})`).join(', ')}) AS t(${names.join(', ')})`),
    ...(options.maxParams === undefined ? {} : { maxParams: options.maxParams }),
    h3: options.h3 ?? false,
  };
}

const median = (x: string) => `median(${x})`;
const mode = (x: string) => `mode(${x})`;
const percentileMedian = (x: string) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${x})`;

const SQL_BY_DIALECT: Readonly<Record<Dialect, DialectSql>> = {
  duckdb: dialect('duckdb', { median, mode, h3: true }),
  // The wire protocol counts a statement's parameters in 16 bits.
  postgres: dialect('postgres', {
    types: { number: 'DOUBLE PRECISION' },
    castDividend: true,
    median: percentileMedian,
    mode: (x) => `mode() WITHIN GROUP (ORDER BY ${x})`,
    maxParams: 65_535,
  }),
  // Redshift: PostgreSQL's percentile_cont but no mode(); a bare VARCHAR is VARCHAR(256), which would cut text values;
  // a prepared statement takes at most 32,767 parameters.
  redshift: dialect('redshift', {
    types: { number: 'DOUBLE PRECISION', string: 'VARCHAR(65535)' },
    castDividend: true,
    median: percentileMedian,
    maxParams: 32_767,
  }),
  // Snowflake divides integers into a fixed-point NUMBER: cast to DOUBLE (its synonym of FLOAT) for a float.
  snowflake: dialect('snowflake', { castDividend: true, median, mode }),
  // BigQuery: `/` always gives FLOAT64; no `%` operator; no exact median (PERCENTILE_CONT is analytic only) nor mode;
  // no VALUES lists (an UNNEST of STRUCTs instead); at most 10,000 query parameters.
  bigquery: dialect('bigquery', {
    ident: backtickEscaped,
    types: { integer: 'INT64', number: 'FLOAT64', boolean: 'BOOL', string: 'STRING' },
    modulo: (dividend, divisor) => `MOD(${dividend}, NULLIF(${divisor}, 0))`,
    truncate: (unit, timestamp) => `TIMESTAMP_TRUNC(${timestamp}, ${unit.toUpperCase()})`,
    values: (rows, names) => `SELECT * FROM UNNEST([${rows.map((row) => `STRUCT(${row.map((cell, index) => `${cell} AS ${names[index]}`).join(', ')})`).join(', ')}])`,
    maxParams: 10_000,
  }),
  // Databricks SQL (Spark): `/` always divides as a float; median and mode are exact aggregates.
  databricks: dialect('databricks', { ident: backtickDoubled, types: { string: 'STRING' }, median, mode }),
  // Trino and Athena (engine 3): integer division for integers; only approx_percentile, no mode; OFFSET before LIMIT.
  trino: dialect('trino', {
    castDividend: true,
    limit: (length, offset) => `${offset === undefined ? '' : ` OFFSET ${offset}`} LIMIT ${length}`,
  }),
  // Kinetica: no exact median or mode aggregate is documented.
  kinetica: dialect('kinetica', { castDividend: true }),
};

/** The SQL description of a dialect; a TypeError for a name that is none. */
export function dialectSql(name: Dialect): DialectSql {
  if (!Object.prototype.hasOwnProperty.call(SQL_BY_DIALECT, name)) throw new TypeError(`Unknown dialect ${String(name)}`);
  return SQL_BY_DIALECT[name];
}
