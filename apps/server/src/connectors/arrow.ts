// Connector batches → an Apache Arrow IPC stream, batch by batch as the client reads.
import { Readable } from 'node:stream';
import {
  Bool,
  DateDay,
  Field,
  Float64,
  Int32,
  Int64,
  makeBuilder,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  TimestampMillisecond,
  Utf8,
  type DataType,
} from 'apache-arrow';
import type { ConnectorColumn, QueryBatch } from './types.js';
import { CollectingWriter } from '../engine/arrow-stream.js';

// Warehouses name their 64-bit integers and zoned timestamps differently (PostgreSQL int8, DuckDB BIGINT, Trino bigint,
// BigQuery INT64).
const is64Bit = (dbType: string) => /^(int8|bigint|int64)$/i.test(dbType);
const isZoned = (dbType: string) => /^timestamptz$|with time zone$/i.test(dbType);

function arrowType(column: ConnectorColumn): DataType {
  switch (column.type) {
    case 'boolean':
      return new Bool();
    case 'integer':
      return is64Bit(column.dbType) ? new Int64() : new Int32();
    case 'number':
      return new Float64();
    case 'date':
      return new DateDay();
    case 'timestamp':
      return isZoned(column.dbType) ? new TimestampMillisecond('UTC') : new TimestampMillisecond();
    default:
      return new Utf8();
  }
}

const toArrowValue = (value: unknown): unknown => (value instanceof Date ? value.getTime() : value);

function encoder(columns: readonly ConnectorColumn[]) {
  const fields = columns.map((column) => new Field(column.name, arrowType(column), true));
  const schema = new Schema(fields);
  const struct = new Struct(fields);
  return (rows: unknown[][]): RecordBatch => {
    const children = fields.map((field, index) => {
      const builder = makeBuilder({ type: field.type, nullValues: [null, undefined] });
      for (const row of rows) builder.append(toArrowValue(row[index]));
      return builder.finish().flush();
    });
    return new RecordBatch(schema, makeData({ type: struct, length: rows.length, nullCount: 0, children }));
  };
}

/**
 * Starts the query and reads its first batch, so that connection and SQL errors are thrown here (before any answer is
 * sent); then streams the rest. Ending or destroying the stream closes the query.
 */
export async function arrowFromBatches(batches: AsyncIterable<QueryBatch>): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new Error('A connector yielded no batch');
  const encode = encoder(first.value.columns);
  const writer = new CollectingWriter();
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      writer.write(encode(first.value.rows));
      yield writer.take();
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        writer.write(encode(next.value.rows));
        yield writer.take();
      }
      writer.finish();
      yield writer.take();
    } finally {
      await iterator.return?.();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
