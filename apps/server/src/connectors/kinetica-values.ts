// Kinetica's column types (the `column_datatypes` of /execute/sql's JSON answer) as pipeline column types, and its JSON
// values as connector values. Dates come as `2024-01-02`, datetimes as `2024-01-02 03:04:05.000`, timestamps as
// milliseconds since the epoch (all UTC).
import type { ColumnType } from '@atlas/pipeline';
import type { ConnectorColumn } from './types.js';

type Convert = (value: unknown) => unknown;

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);
const asIs: Convert = (value) => value;
const asNumber: Convert = (value) => Number(value);
const asText: Convert = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
const asDate: Convert = (value) =>
  typeof value === 'number' ? validDate(new Date(value)) : validDate(new Date(`${String(value).replace(' ', 'T').slice(0, 23)}Z`));

const KINDS: Record<string, [ColumnType, Convert]> = {
  boolean: ['boolean', (value) => value === true || value === 1],
  int8: ['integer', asIs],
  int16: ['integer', asIs],
  int: ['integer', asIs],
  // 64-bit: bigint values (see arrow.ts); JSON already rounded those past 2^53.
  long: ['integer', (value) => BigInt(value as number)],
  float: ['number', asNumber],
  double: ['number', asNumber],
  decimal: ['number', asNumber],
  string: ['string', asIs],
  date: ['date', (value) => validDate(new Date(`${String(value)}T00:00:00Z`))],
  datetime: ['timestamp', asDate],
  timestamp: ['timestamp', asDate],
};

/** A column of Kinetica's type name (`char16`, `decimal(10,2)`, `long`, `timestamp`). */
export function kineticaColumn(name: string, dbType: string): { column: ConnectorColumn; convert: Convert } {
  const base = /^char\d+$|^varchar/.test(dbType) ? 'string' : (/^[a-z0-9]+/.exec(dbType)?.[0] ?? dbType);
  const [type, convert] = KINDS[base] ?? ['unknown', asText];
  return { column: { name, type, dbType }, convert };
}

/** A bound value as Kinetica's query_parameters JSON holds it: bigint as a number, a Date as `YYYY-MM-DD hh:mm:ss.sss` (UTC). */
export function kineticaParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}
