// DuckDB result chunks → Apache Arrow record batches, column by column, without materializing the whole result.
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
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

type TypedArray = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array;
type TypedArrayConstructor = new (length: number) => TypedArray;

interface ColumnEncoder {
  readonly type: DataType;
  encode(chunks: readonly DuckDBDataChunk[], column: number, length: number): Data;
}

/** Fixed-width columns straight into a typed array plus a validity bitmap. */
function fixed(type: DataType, Storage: TypedArrayConstructor, read: (value: NonNullable<DuckDBValue>) => number | bigint): ColumnEncoder {
  return {
    type,
    encode(chunks, column, length) {
      const data = new Storage(length);
      const validity = new Uint8Array((length + 7) >> 3);
      let nullCount = 0;
      let row = 0;
      for (const chunk of chunks) {
        const vector = chunk.getColumnVector(column);
        for (let index = 0, count = chunk.rowCount; index < count; index++, row++) {
          const value = vector.getItem(index);
          if (value === null) nullCount++;
          else {
            (data as unknown as Array<number | bigint>)[row] = read(value);
            validity[row >> 3]! |= 1 << (row & 7);
          }
        }
      }
      return makeData({ type, length, nullCount, nullBitmap: nullCount ? validity : null, data } as never) as Data;
    },
  };
}

/** Variable-width and boolean columns through an Arrow builder. */
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
      return built(new Bool(), (value) => value);
    case DuckDBTypeId.TINYINT:
      return fixed(new Int8(), Int8Array, asNumber);
    case DuckDBTypeId.SMALLINT:
      return fixed(new Int16(), Int16Array, asNumber);
    case DuckDBTypeId.INTEGER:
      return fixed(new Int32(), Int32Array, asNumber);
    case DuckDBTypeId.BIGINT:
      return fixed(new Int64(), BigInt64Array, asBigInt);
    case DuckDBTypeId.UTINYINT:
      return fixed(new Uint8(), Uint8Array, asNumber);
    case DuckDBTypeId.USMALLINT:
      return fixed(new Uint16(), Uint16Array, asNumber);
    case DuckDBTypeId.UINTEGER:
      return fixed(new Uint32(), Uint32Array, asNumber);
    case DuckDBTypeId.UBIGINT:
      return fixed(new Uint64(), BigUint64Array, asBigInt);
    case DuckDBTypeId.FLOAT:
      return fixed(new Float32(), Float32Array, asNumber);
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return fixed(new Float64(), Float64Array, asNumber);
    case DuckDBTypeId.DECIMAL:
      return fixed(new Float64(), Float64Array, decimal);
    case DuckDBTypeId.DATE:
      return fixed(new DateDay(), Int32Array, (value) => (value as { days: number }).days);
    case DuckDBTypeId.TIMESTAMP:
      return fixed(new Timestamp(TimeUnit.MICROSECOND), BigInt64Array, micros);
    case DuckDBTypeId.TIMESTAMP_TZ:
      return fixed(new Timestamp(TimeUnit.MICROSECOND, 'UTC'), BigInt64Array, micros);
    case DuckDBTypeId.TIMESTAMP_MS:
      return fixed(new Timestamp(TimeUnit.MILLISECOND), BigInt64Array, (value) => (value as { millis: bigint }).millis);
    case DuckDBTypeId.TIMESTAMP_S:
      return fixed(new Timestamp(TimeUnit.SECOND), BigInt64Array, (value) => (value as { seconds: bigint }).seconds);
    case DuckDBTypeId.TIMESTAMP_NS:
      return fixed(new Timestamp(TimeUnit.NANOSECOND), BigInt64Array, (value) => (value as { nanos: bigint }).nanos);
    case DuckDBTypeId.BLOB:
      return built(new Binary(), (value) => (value as { bytes: Uint8Array }).bytes);
    default:
      // VARCHAR, UUID, ENUM, TIME, INTERVAL, nested types, SQLNULL (a column of nulls) …
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
