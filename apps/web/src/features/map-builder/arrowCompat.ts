// kepler.gl reads Arrow values as JavaScript numbers; 64-bit integers arrive as BigInt (DuckDB writes BIGINT for
// CSV integer columns) and break its scales ("Cannot convert a BigInt value to a number"). They become Int32 when
// every value fits, so kepler.gl types them "integer" as it does an integer CSV column (and, as there, does not pick
// them to color a new layer by); wider ones become Float64, exact up to 2^53, which covers counts and ids a map
// colors or filters by.
import { DataType, Field, Float64, Int32, RecordBatch, Schema, Struct, Table, makeData, type Data } from 'apache-arrow';

const isWideInteger = (type: DataType) => DataType.isInt(type) && type.bitWidth === 64;

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

type WideValues = BigInt64Array | BigUint64Array;

/** Whether every valid value of the column's chunks fits in 32 bits (null slots hold anything). */
function fitsInt32(chunks: readonly Data[]): boolean {
  for (const data of chunks) {
    // Arrow slices a column's values with it; its offset is that of the validity bitmap.
    const values = data.values as WideValues;
    for (let i = 0; i < data.length; i++) {
      const value = values[i] as bigint;
      if ((value < INT32_MIN || value > INT32_MAX) && (data.nullCount === 0 || data.getValid(i))) return false;
    }
  }
  return true;
}

function convert(data: Data, type: Int32 | Float64): Data {
  const values = data.values as WideValues;
  const out = type instanceof Float64 ? new Float64Array(data.length) : new Int32Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Number(values[i]);
  // The validity bitmap is shared, read from the same offset.
  const { offset, length, nullCount, nullBitmap } = data;
  return type instanceof Float64 ? makeData({ type, offset, length, nullCount, nullBitmap, data: out as Float64Array }) : makeData({ type, offset, length, nullCount, nullBitmap, data: out as Int32Array });
}

/** The table with its 64-bit integer columns as Int32 (all values fit) or Float64; the same table when it has none. */
export function withNumberColumns(table: Table): Table {
  const fields = table.schema.fields;
  if (!fields.some((field) => isWideInteger(field.type))) return table;
  const chunksOf = (index: number) => table.batches.map((batch) => batch.data.children[index] as Data);
  const targets = fields.map((field, index) => (isWideInteger(field.type) ? (fitsInt32(chunksOf(index)) ? new Int32() : new Float64()) : null));
  const schema = new Schema(
    fields.map((field, index) => {
      const target = targets[index];
      return target ? new Field(field.name, target, field.nullable, field.metadata) : field;
    }),
    table.schema.metadata,
  );
  const batches = table.batches.map((batch) => {
    const children = fields.map((_, index) => {
      const child = batch.data.children[index] as Data;
      const target = targets[index];
      return target ? convert(child, target) : child;
    });
    return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: batch.numRows, nullCount: 0, children }));
  });
  return new Table(schema, batches);
}
