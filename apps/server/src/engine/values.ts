import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  listValue,
  timestampTZValue,
  type DuckDBDataChunk,
  type DuckDBValue,
} from '@duckdb/node-api';

/** A query parameter as DuckDB binds it; objects travel as JSON text, arrays as lists. */
export function toDuckDBValue(value: unknown): DuckDBValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
    case 'bigint':
      return value;
    case 'object':
      if (value instanceof Date) return timestampTZValue(BigInt(value.getTime()) * 1000n);
      if (Array.isArray(value)) return listValue(value.map(toDuckDBValue));
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** A bigint as JSON carries it: a number when exact, else its digits as a string. */
export const bigintToJson = (value: bigint): number | string =>
  value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value.toString();

const MAX_DATE_MS = 8.64e15;

/** Microseconds since the epoch as an ISO 8601 UTC string; infinities and out-of-range values as DuckDB writes them. */
function isoFromMicros(micros: bigint, fallback: () => string): string {
  const millis = Number(micros / 1000n);
  if (!Number.isFinite(millis) || Math.abs(millis) > MAX_DATE_MS) return fallback();
  return new Date(millis).toISOString();
}

/** A DuckDB value as plain JSON: bigint as number when safe (else string), decimals as numbers, timestamps and dates as ISO strings. */
export function toJsonValue(value: DuckDBValue): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return bigintToJson(value);
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) return isoFromMicros(value.micros, () => value.toString());
  if (value instanceof DuckDBTimestampMillisecondsValue) return isoFromMicros(value.millis * 1000n, () => value.toString());
  if (value instanceof DuckDBTimestampSecondsValue) return isoFromMicros(value.seconds * 1_000_000n, () => value.toString());
  if (value instanceof DuckDBTimestampNanosecondsValue) return isoFromMicros(value.nanos / 1000n, () => value.toString());
  if (value instanceof DuckDBDateValue) return value.toString();
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(toJsonValue);
  if (value instanceof DuckDBStructValue) return Object.fromEntries(Object.entries(value.entries).map(([key, item]) => [key, toJsonValue(item)]));
  if (value instanceof DuckDBMapValue) return value.entries.map((entry) => ({ key: toJsonValue(entry.key), value: toJsonValue(entry.value) }));
  if (value instanceof DuckDBBlobValue) return Buffer.from(value.bytes).toString('base64');
  return value.toString();
}

/**
 * A chunk's rows as JSON-ready objects keyed by `names`, appended to `rows`. Column by column: one vector's values at a
 * time (a quarter faster than row by row for answers of 100,000s).
 */
export function appendJsonRows(chunk: DuckDBDataChunk, names: readonly string[], rows: Record<string, unknown>[]): void {
  const first = rows.length;
  for (let index = 0; index < chunk.rowCount; index++) rows.push({});
  names.forEach((name, column) => {
    const vector = chunk.getColumnVector(column);
    for (let index = 0; index < chunk.rowCount; index++) rows[first + index]![name] = toJsonValue(vector.getItem(index));
  });
}
