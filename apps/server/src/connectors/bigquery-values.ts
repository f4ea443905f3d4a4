// BigQuery's result columns and values as the REST API sends them (rows of `{ f: [{ v }] }`, scalars as text,
// TIMESTAMP as microseconds since the epoch with formatOptions.useInt64Timestamp), and connector values as query
// parameters with their BigQuery types.
import type { ColumnType } from '@atlas/pipeline';
import type { ConnectorColumn } from './types.js';

/** A field of a table's or a result's schema. */
export interface BigQueryField {
  name: string;
  type: string;
  mode?: string;
  fields?: BigQueryField[];
}

type Convert = (value: unknown) => unknown;

// The API still answers with the legacy names; columns carry the standard SQL ones.
const STANDARD_NAMES: Record<string, string> = { INTEGER: 'INT64', FLOAT: 'FLOAT64', BOOLEAN: 'BOOL', RECORD: 'STRUCT' };
const standardName = (type: string) => STANDARD_NAMES[type.toUpperCase()] ?? type.toUpperCase();

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);
/** Microseconds since the epoch (useInt64Timestamp), or seconds as a float (the API's older form). */
const timestamp: Convert = (value) => {
  const text = String(value);
  return validDate(new Date(/^-?\d+$/.test(text) ? Number(BigInt(text) / 1000n) : Number(text) * 1000));
};

const KINDS: Record<string, [ColumnType, Convert]> = {
  INT64: ['integer', (value) => BigInt(String(value))],
  FLOAT64: ['number', Number],
  NUMERIC: ['number', Number],
  BIGNUMERIC: ['number', Number],
  BOOL: ['boolean', (value) => value === 'true'],
  STRING: ['string', String],
  // WKT, as the API sends it.
  GEOGRAPHY: ['string', String],
  TIMESTAMP: ['timestamp', timestamp],
  // A civil date and time, read as UTC.
  DATETIME: ['timestamp', (value) => validDate(new Date(`${String(value)}Z`))],
  DATE: ['date', (value) => validDate(new Date(`${String(value)}T00:00:00Z`))],
};

/** The field's type as BigQuery's SQL writes it: `INT64`, `ARRAY<STRING>`, `STRUCT<a INT64>`. */
export function bigqueryTypeName(field: BigQueryField): string {
  const base = standardName(field.type) === 'STRUCT' ? `STRUCT<${(field.fields ?? []).map((inner) => `${inner.name} ${bigqueryTypeName(inner)}`).join(', ')}>` : standardName(field.type);
  return field.mode === 'REPEATED' ? `ARRAY<${base}>` : base;
}

/** A nested value (array, struct) as plain JSON: arrays of values, structs as objects, scalars as the API's text. */
function plain(field: BigQueryField, value: unknown, repeated = field.mode === 'REPEATED'): unknown {
  if (value === null || value === undefined) return null;
  if (repeated) return (value as Array<{ v: unknown }>).map((item) => plain(field, item.v, false));
  if (standardName(field.type) !== 'STRUCT') return value;
  const cells = (value as { f: Array<{ v: unknown }> }).f;
  return Object.fromEntries((field.fields ?? []).map((inner, index) => [inner.name, plain(inner, cells[index]?.v)]));
}

/** A column of the field's type and the conversion of its raw values; arrays and structs become JSON text. */
export function bigqueryColumn(field: BigQueryField): { column: ConnectorColumn; convert: Convert } {
  const dbType = bigqueryTypeName(field);
  const [type, convert] = KINDS[dbType] ?? (['unknown', (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(plain(field, value)))] as const);
  return { column: { name: field.name, type, dbType }, convert };
}

/** A connector value as a positional parameter and its BigQuery type. A null is a STRING NULL (BigQuery has no untyped NULL). */
export function bigqueryParameter(value: unknown): { value: unknown; type: string } {
  if (value === null || value === undefined) return { value: null, type: 'STRING' };
  switch (typeof value) {
    case 'boolean':
      return { value, type: 'BOOL' };
    case 'bigint':
      return { value: value.toString(), type: 'INT64' };
    case 'number':
      return { value, type: Number.isSafeInteger(value) ? 'INT64' : 'FLOAT64' };
    case 'string':
      return { value, type: 'STRING' };
    default:
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? { value: null, type: 'TIMESTAMP' } : { value, type: 'TIMESTAMP' };
      return { value: JSON.stringify(value) ?? String(value), type: 'STRING' };
  }
}
