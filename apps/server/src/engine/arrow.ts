// DuckDB result chunks → Apache Arrow record batches, column by column, without materializing the whole result.
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBType, type DuckDBValue, type DuckDBVector } from '@duckdb/node-api';
import {
  Binary,
  Bool,
  DateDay,
  Field,
  Float32,
  Float64,
  Int16,
  Int32,
  Int64,
  Int8,
  makeBuilder,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  TimeUnit,
  Timestamp,
  Uint16,
  Uint32,
  Uint64,
  Uint8,
  Utf8,
  type Data,
  type DataType,
} from 'apache-arrow';
import { dataViewOf, INLINE_STRING_MAX, itemsOf, rowValid, STRING_T_BYTES, validityOf, type Validity } from './vector-memory.js';

type TypedArray = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array;
type TypedArrayConstructor = new (length: number) => TypedArray;

interface ColumnEncoder {
  readonly type: DataType;
  encode(chunks: readonly DuckDBDataChunk[], column: number, length: number): Data;
}

/** Sets bit `index` of an Arrow bitmap. */
function setBit(bitmap: Uint8Array, index: number): void {
  bitmap[index >> 3]! |= 1 << (index & 7);
}

/** Copies `count` rows of a DuckDB validity mask into an Arrow validity bitmap from row `row`; answers the nulls. */
function copyValidity(mask: Validity, count: number, target: Uint8Array, row: number): number {
  let nulls = 0;
  for (let index = 0; index < count; index++) {
    if (rowValid(mask, index)) setBit(target, row + index);
    else nulls++;
  }
  return nulls;
}

/** An Arrow bitmap when some row is null; Arrow reads a missing bitmap as all valid. */
const bitmapIfNulls = (validity: Uint8Array, nullCount: number) => (nullCount ? validity : null);

/**
 * Fixed-width columns into a typed array plus a validity bitmap. `direct` columns store in DuckDB exactly what Arrow
 * stores (same width, unit and epoch), so a chunk's memory is copied whole instead of value by value.
 */
function fixed(type: DataType, Storage: TypedArrayConstructor, read: (value: NonNullable<DuckDBValue>) => number | bigint, direct = false): ColumnEncoder {
  return {
    type,
    encode(chunks, column, length) {
      const data = new Storage(length);
      const validity = new Uint8Array((length + 7) >> 3);
      let nullCount = 0;
      let row = 0;
      for (const chunk of chunks) {
        const vector = chunk.getColumnVector(column);
        const count = chunk.rowCount;
        const items = direct ? itemsOf(vector, Storage) : null;
        const mask = items ? validityOf(vector) : null;
        if (items && mask) {
          (data as Float64Array).set(items.subarray(0, count) as Float64Array, row);
          nullCount += copyValidity(mask, count, validity, row);
        } else {
          for (let index = 0; index < count; index++) {
            const value = vector.getItem(index);
            if (value === null) nullCount++;
            else {
              (data as unknown as Array<number | bigint>)[row + index] = read(value);
              setBit(validity, row + index);
            }
          }
        }
        row += count;
      }
      return makeData({ type, length, nullCount, nullBitmap: bitmapIfNulls(validity, nullCount), data } as never) as Data;
    },
  };
}

/** A byte buffer that grows as values are appended. */
class Bytes {
  buffer: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(Math.max(capacity, 1024));
  }

  reserve(extra: number): Uint8Array {
    if (this.length + extra > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    return this.buffer;
  }
}

const utf8 = new TextEncoder();

/** Appends a JS string's UTF-8 bytes (at most three bytes per UTF-16 unit). */
function appendString(bytes: Bytes, value: string): void {
  const target = bytes.reserve(value.length * 3);
  bytes.length += utf8.encodeInto(value, target.subarray(bytes.length)).written;
}

/** Appends row `index` of a VARCHAR vector: inline strings byte by byte, longer ones through getItem. */
function appendVarchar(bytes: Bytes, view: DataView, raw: Uint8Array, vector: DuckDBVector, index: number): void {
  const at = index * STRING_T_BYTES;
  const size = view.getUint32(at, true);
  if (size > INLINE_STRING_MAX) return appendString(bytes, vector.getItem(index) as string);
  const target = bytes.reserve(size);
  for (let byte = 0; byte < size; byte++) target[bytes.length + byte] = raw[at + 4 + byte]!;
  bytes.length += size;
}

/** VARCHAR columns straight into Arrow's offsets and UTF-8 bytes, without decoding short strings to JS strings. */
const varchar: ColumnEncoder = {
  type: new Utf8(),
  encode(chunks, column, length) {
    const offsets = new Int32Array(length + 1);
    const bytes = new Bytes(length * 8);
    const validity = new Uint8Array((length + 7) >> 3);
    let nullCount = 0;
    let row = 0;
    for (const chunk of chunks) {
      const vector = chunk.getColumnVector(column);
      const view = dataViewOf(vector);
      const mask = view ? validityOf(vector) : null;
      const raw = view ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : null;
      for (let index = 0, count = chunk.rowCount; index < count; index++, row++) {
        const valid = mask ? rowValid(mask, index) : vector.getItem(index) !== null;
        if (!valid) nullCount++;
        else {
          setBit(validity, row);
          if (view && raw) appendVarchar(bytes, view, raw, vector, index);
          else appendString(bytes, vector.getItem(index) as string);
        }
        offsets[row + 1] = bytes.length;
      }
    }
    const data = bytes.buffer.subarray(0, bytes.length);
    return makeData({ type: varchar.type as Utf8, length, nullCount, nullBitmap: bitmapIfNulls(validity, nullCount), valueOffsets: offsets, data });
  },
};

/** BOOLEAN columns (a byte per value in DuckDB) into Arrow's bit-packed values. */
const boolean: ColumnEncoder = {
  type: new Bool(),
  encode(chunks, column, length) {
    const data = new Uint8Array((length + 7) >> 3);
    const validity = new Uint8Array((length + 7) >> 3);
    let nullCount = 0;
    let row = 0;
    for (const chunk of chunks) {
      const vector = chunk.getColumnVector(column);
      const view = dataViewOf(vector);
      const mask = view ? validityOf(vector) : null;
      for (let index = 0, count = chunk.rowCount; index < count; index++, row++) {
        let value: boolean | null;
        if (view && mask) {
          value = rowValid(mask, index) ? view.getUint8(index) !== 0 : null;
        } else value = vector.getItem(index) as boolean | null;
        if (value === null) nullCount++;
        else {
          setBit(validity, row);
          if (value) setBit(data, row);
        }
      }
    }
    return makeData({ type: boolean.type as Bool, length, nullCount, nullBitmap: bitmapIfNulls(validity, nullCount), data });
  },
};

/** Other variable-width columns through an Arrow builder. */
function built(type: DataType, read: (value: NonNullable<DuckDBValue>) => unknown): ColumnEncoder {
  return {
    type,
    encode(chunks, column) {
      const builder = makeBuilder({ type, nullValues: [null] });
      for (const chunk of chunks) {
        const vector = chunk.getColumnVector(column);
        for (let index = 0, count = chunk.rowCount; index < count; index++) {
          const value = vector.getItem(index);
          builder.append(value === null ? null : read(value));
        }
      }
      return builder.finish().flush() as Data;
    },
  };
}

const asNumber = (value: unknown) => Number(value);
const asBigInt = (value: unknown) => value as bigint;
const asString = (value: unknown) => String(value);
const decimal = (value: unknown) => (value as { toDouble(): number }).toDouble();
const micros = (value: unknown) => (value as { micros: bigint }).micros;

/** The Arrow type each DuckDB type travels as; anything without a natural Arrow twin travels as text. */
function encoderFor(type: DuckDBType): ColumnEncoder {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return boolean;
    case DuckDBTypeId.TINYINT:
      return fixed(new Int8(), Int8Array, asNumber, true);
    case DuckDBTypeId.SMALLINT:
      return fixed(new Int16(), Int16Array, asNumber, true);
    case DuckDBTypeId.INTEGER:
      return fixed(new Int32(), Int32Array, asNumber, true);
    case DuckDBTypeId.BIGINT:
      return fixed(new Int64(), BigInt64Array, asBigInt, true);
    case DuckDBTypeId.UTINYINT:
      return fixed(new Uint8(), Uint8Array, asNumber, true);
    case DuckDBTypeId.USMALLINT:
      return fixed(new Uint16(), Uint16Array, asNumber, true);
    case DuckDBTypeId.UINTEGER:
      return fixed(new Uint32(), Uint32Array, asNumber, true);
    case DuckDBTypeId.UBIGINT:
      return fixed(new Uint64(), BigUint64Array, asBigInt, true);
    case DuckDBTypeId.FLOAT:
      return fixed(new Float32(), Float32Array, asNumber, true);
    case DuckDBTypeId.DOUBLE:
      return fixed(new Float64(), Float64Array, asNumber, true);
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return fixed(new Float64(), Float64Array, asNumber);
    case DuckDBTypeId.DECIMAL:
      return fixed(new Float64(), Float64Array, decimal);
    case DuckDBTypeId.DATE:
      return fixed(new DateDay(), Int32Array, (value) => (value as { days: number }).days, true);
    case DuckDBTypeId.TIMESTAMP:
      return fixed(new Timestamp(TimeUnit.MICROSECOND), BigInt64Array, micros, true);
    case DuckDBTypeId.TIMESTAMP_TZ:
      return fixed(new Timestamp(TimeUnit.MICROSECOND, 'UTC'), BigInt64Array, micros, true);
    case DuckDBTypeId.TIMESTAMP_MS:
      return fixed(new Timestamp(TimeUnit.MILLISECOND), BigInt64Array, (value) => (value as { millis: bigint }).millis, true);
    case DuckDBTypeId.TIMESTAMP_S:
      return fixed(new Timestamp(TimeUnit.SECOND), BigInt64Array, (value) => (value as { seconds: bigint }).seconds, true);
    case DuckDBTypeId.TIMESTAMP_NS:
      return fixed(new Timestamp(TimeUnit.NANOSECOND), BigInt64Array, (value) => (value as { nanos: bigint }).nanos, true);
    case DuckDBTypeId.VARCHAR:
      return varchar;
    case DuckDBTypeId.BLOB:
      return built(new Binary(), (value) => (value as { bytes: Uint8Array }).bytes);
    default:
      // UUID, ENUM, TIME, INTERVAL, nested types, SQLNULL (a column of nulls) …
      return built(new Utf8(), asString);
  }
}

/** Encodes the chunks of one result into record batches of a fixed schema. */
export class ArrowEncoder {
  readonly schema: Schema;
  private readonly encoders: ColumnEncoder[];

  constructor(names: readonly string[], types: readonly DuckDBType[]) {
    this.encoders = types.map(encoderFor);
    this.schema = new Schema(names.map((name, index) => new Field(name, this.encoders[index]!.type, true)));
  }

  batch(chunks: readonly DuckDBDataChunk[]): RecordBatch {
    const length = chunks.reduce((sum, chunk) => sum + chunk.rowCount, 0);
    const children = this.encoders.map((encoder, column) => encoder.encode(chunks, column, length));
    const struct = makeData({ type: new Struct(this.schema.fields), length, nullCount: 0, children });
    return new RecordBatch(this.schema, struct);
  }
}
