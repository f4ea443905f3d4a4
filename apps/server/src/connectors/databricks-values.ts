// Databricks results as the Thrift protocol carries them (TCLIService column-based row sets: one TColumn per result
// column, values and a null bitmap), and connector values as the driver's bound parameters. The rows are read from the
// row sets rather than the driver's row objects, which are keyed by column name (two columns named alike collapse)
// and turn BIGINT into imprecise numbers.
import { thrift } from '@databricks/sql';
import type { ColumnType } from '@atlas/pipeline';
import type { ConnectorColumn } from './types.js';

type ThriftTypes = typeof thrift.TCLIService_types;
type ColumnDesc = InstanceType<ThriftTypes['TColumnDesc']>;
type Column = InstanceType<ThriftTypes['TColumn']>;
type Convert = (value: unknown) => unknown;

const { TTypeId } = thrift.TCLIService_types;

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);
/** `2024-01-02 03:04:05[.ffffff]` in the session's time zone, which the connector sets to UTC. */
const timestamp: Convert = (value) => validDate(new Date(`${String(value).replace(' ', 'T')}Z`));
/** node-int64's Int64 (8 bytes, big-endian) as an exact bigint. */
const int64: Convert = (value) => {
  const buffer = (value as { toBuffer?: () => Buffer }).toBuffer?.();
  return buffer ? buffer.readBigInt64BE(0) : BigInt(value as number);
};
const asIs: Convert = (value) => value;
const asText: Convert = (value) => (Buffer.isBuffer(value) ? value.toString('base64') : String(value));

const KINDS: Partial<Record<number, [ColumnType, Convert]>> = {
  [TTypeId.BOOLEAN_TYPE]: ['boolean', asIs],
  [TTypeId.TINYINT_TYPE]: ['integer', asIs],
  [TTypeId.SMALLINT_TYPE]: ['integer', asIs],
  [TTypeId.INT_TYPE]: ['integer', asIs],
  [TTypeId.BIGINT_TYPE]: ['integer', int64],
  [TTypeId.FLOAT_TYPE]: ['number', asIs],
  [TTypeId.DOUBLE_TYPE]: ['number', asIs],
  // Sent as text (exact); read as a number, as the other connectors do.
  [TTypeId.DECIMAL_TYPE]: ['number', Number],
  [TTypeId.STRING_TYPE]: ['string', asIs],
  [TTypeId.VARCHAR_TYPE]: ['string', asIs],
  [TTypeId.CHAR_TYPE]: ['string', asIs],
  [TTypeId.DATE_TYPE]: ['date', (value) => validDate(new Date(`${String(value)}T00:00:00Z`))],
  [TTypeId.TIMESTAMP_TYPE]: ['timestamp', timestamp],
};

/** Databricks' SQL name of a Thrift type id: BIGINT_TYPE → bigint, DECIMAL_TYPE → decimal(10,2). */
function typeName(description: ColumnDesc): string {
  const entry = description.typeDesc.types[0]?.primitiveEntry;
  if (!entry) return 'string';
  const name = (TTypeId[entry.type] ?? 'STRING_TYPE').replace(/_TYPE$/, '').toLowerCase();
  const qualifiers = entry.typeQualifiers?.qualifiers ?? {};
  const precision = qualifiers.precision?.i32Value;
  return entry.type === TTypeId.DECIMAL_TYPE && precision !== undefined && precision !== null ? `decimal(${precision},${qualifiers.scale?.i32Value ?? 0})` : name;
}

/** A result column and the conversion of its values; arrays, maps, structs, binaries and intervals arrive as text. */
export function databricksColumn(description: ColumnDesc): { column: ConnectorColumn; convert: Convert } {
  const type = description.typeDesc.types[0]?.primitiveEntry?.type;
  const [kind, convert] = (type === undefined ? undefined : KINDS[type]) ?? (['unknown', asText] as const);
  return { column: { name: description.columnName, type: kind, dbType: typeName(description) }, convert };
}

/** One TColumn's values, null where its bitmap (least significant bit first) says so. */
export function columnValues(column: Column | undefined, convert: Convert): unknown[] {
  const set = column && (column.boolVal ?? column.byteVal ?? column.i16Val ?? column.i32Val ?? column.i64Val ?? column.doubleVal ?? column.stringVal ?? column.binaryVal);
  if (!set) return [];
  const nulls = set.nulls ?? Buffer.alloc(0);
  return (set.values as unknown[]).map((value, index) => ((nulls[index >> 3] ?? 0) & (1 << (index & 7)) ? null : convert(value)));
}

/** A row set's columns as rows (arrays in column order). */
export function rowsOf(columns: readonly Column[], converts: readonly Convert[]): unknown[][] {
  const values = converts.map((convert, index) => columnValues(columns[index], convert));
  const count = values[0]?.length ?? 0;
  return Array.from({ length: count }, (_, row) => values.map((column) => column[row] ?? null));
}

/**
 * A connector value as the driver's bound parameter: booleans, numbers (INTEGER, BIGINT or DOUBLE as they fit),
 * bigints, strings and dates (TIMESTAMP) as they are; an untyped NULL; arrays and objects as JSON text.
 */
export function databricksParameter(value: unknown): string | number | bigint | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'bigint':
    case 'string':
      return value;
    default:
      return JSON.stringify(value) ?? String(value);
  }
}
