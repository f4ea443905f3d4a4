// kepler.gl reads Arrow values as JavaScript numbers; 64-bit integers arrive as BigInt (DuckDB writes BIGINT for
// CSV integer columns) and break its scales ("Cannot convert a BigInt value to a number"). They become Float64 here,
// exact up to 2^53, which covers counts and ids a map colors or filters by.
import { DataType, Field, Float64, RecordBatch, Schema, Struct, Table, makeData, type Data } from 'apache-arrow';

const isWideInteger = (type: DataType) => DataType.isInt(type) && type.bitWidth === 64;

function toFloat64(data: Data): Data<Float64> {
  const values = data.values as BigInt64Array | BigUint64Array;
  const out = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Number(values[data.offset + i]);
  return makeData({ type: new Float64(), length: data.length, nullCount: data.nullCount, nullBitmap: data.nullBitmap, data: out, offset: 0 }) as Data<Float64>;
}

/** The table with its 64-bit integer columns as Float64; the same table when it has none. */
export function withNumberColumns(table: Table): Table {
  const fields = table.schema.fields;
  if (!fields.some((field) => isWideInteger(field.type))) return table;
  const schema = new Schema(
    fields.map((field) => (isWideInteger(field.type) ? new Field(field.name, new Float64(), field.nullable, field.metadata) : field)),
    table.schema.metadata,
  );
  const batches = table.batches.map((batch) => {
    const children = fields.map((field, i) => {
      const child = batch.data.children[i] as Data;
      return isWideInteger(field.type) ? toFloat64(child) : child;
    });
    return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: batch.numRows, nullCount: 0, children }));
  });
  return new Table(schema, batches);
}
