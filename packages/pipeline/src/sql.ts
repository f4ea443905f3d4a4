// SQL text helpers. Names enter SQL only through `quoteIdent`; values only as `$n` parameters.
import type { ColumnType, Dialect } from './types.js';

/** Quotes an identifier: wrapped in double quotes, embedded double quotes doubled. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new TypeError('identifier contains NUL');
  return `"${name.replaceAll('"', '""')}"`;
}

/** A column reference, optionally qualified by a (fixed, compiler-chosen) relation alias. */
export function columnRef(name: string, qualifier?: string): string {
  return qualifier ? `${qualifier}.${quoteIdent(name)}` : quoteIdent(name);
}

/** SQL type names used in casts, per dialect. */
export function sqlType(type: ColumnType, dialect: Dialect): string {
  switch (type) {
    case 'integer':
      return 'BIGINT';
    case 'number':
      return dialect === 'postgres' ? 'DOUBLE PRECISION' : 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'date':
      return 'DATE';
    default:
      return 'VARCHAR';
  }
}

/** Positional parameters `$1`, `$2`, … and their values. */
export class ParamList {
  readonly values: unknown[] = [];

  constructor(private readonly offset = 0) {}

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }

  get count(): number {
    return this.offset + this.values.length;
  }
}

/** date_trunc units: fixed keywords chosen from the interval code, never user text. */
export const DATE_TRUNC_UNITS = { Y: 'year', M: 'month', D: 'day', H: 'hour', T: 'minute' } as const;

/** PostgreSQL accepts at most this many parameters in one statement. */
export const POSTGRES_MAX_PARAMS = 65_535;
