// Snowflake's result columns (the rowtype of its JSON results, as snowflake-sdk's Column reads it) and values as
// connector values, and connector values as the driver's bind values. NUMBER columns are fetched as text (the driver's
// own integers are a big-integer library's objects, not native bigint) and converted here.
import type { ColumnType } from '@atlas/pipeline';
import type { ConnectorColumn } from './types.js';

/** What the connector reads of snowflake-sdk's Column. */
export interface SnowflakeColumn {
  getName(): string;
  getType(): string;
  getScale(): number;
  getPrecision(): number;
}

type Convert = (value: unknown) => unknown;

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);
// DATE and TIMESTAMP_* values come as the driver's Date subclass (with extra methods): a plain Date carries the instant.
const asDate: Convert = (value) => (value instanceof Date ? validDate(new Date(value.getTime())) : null);
const asText: Convert = (value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

const KINDS: Record<string, [ColumnType, Convert, (column: SnowflakeColumn) => string]> = {
  // NUMBER(p, 0) is an integer; other scales are decimals (read as numbers).
  fixed: ['number', Number, (column) => `NUMBER(${column.getPrecision()},${column.getScale()})`],
  real: ['number', Number, () => 'FLOAT'],
  text: ['string', String, () => 'VARCHAR'],
  boolean: ['boolean', (value) => value === true, () => 'BOOLEAN'],
  date: ['date', asDate, () => 'DATE'],
  timestamp_ntz: ['timestamp', asDate, () => 'TIMESTAMP_NTZ'],
  timestamp_ltz: ['timestamp', asDate, () => 'TIMESTAMP_LTZ'],
  timestamp_tz: ['timestamp', asDate, () => 'TIMESTAMP_TZ'],
  // The driver's time of day object prints as HH:MM:SS.
  time: ['string', String, () => 'TIME'],
  // Binary values (Buffers) as hexadecimal text, as Snowflake prints them by default.
  binary: ['string', (value) => (Buffer.isBuffer(value) ? value.toString('hex').toUpperCase() : String(value)), () => 'BINARY'],
};

/** A result column and the conversion of the driver's values; VARIANT, OBJECT, ARRAY and others become JSON text. */
export function snowflakeColumn(column: SnowflakeColumn): { column: ConnectorColumn; convert: Convert } {
  const kind = column.getType().toLowerCase();
  const known = KINDS[kind];
  if (known && kind === 'fixed' && column.getScale() === 0) {
    return { column: { name: column.getName(), type: 'integer', dbType: known[2](column) }, convert: (value) => BigInt(String(value)) };
  }
  const [type, convert, dbType] = known ?? ['unknown', asText, () => kind.toUpperCase()];
  return { column: { name: column.getName(), type, dbType: dbType(column) }, convert };
}

export type SnowflakeBind = string | number | boolean | null;

/**
 * A connector value as a bind value: the driver names its Snowflake type from the JavaScript type (integer → FIXED,
 * other number → REAL, boolean → BOOLEAN, string → TEXT). Arrays and objects must not reach the driver (an array
 * would turn the statement into a multi-row array binding), so they, bigint beyond 2^53, non-finite numbers and
 * timestamps (ISO 8601 in UTC, which Snowflake casts where a timestamp is expected) are sent as text.
 */
export function snowflakeBind(value: unknown): SnowflakeBind {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)) ? value : String(value);
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
    default:
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      return JSON.stringify(value) ?? String(value);
  }
}
