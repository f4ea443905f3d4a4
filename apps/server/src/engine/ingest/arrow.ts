// Arrow IPC (stream or file format) → Parquet: batch by batch through DuckDB's appender into a table of a temporary
// on-disk database, then COPY to Parquet. Only one batch is in memory at a time.
import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import {
  BIGINT,
  BLOB,
  BOOLEAN,
  DATE,
  DOUBLE,
  DuckDBDataChunk,
  FLOAT,
  INTEGER,
  SMALLINT,
  TIMESTAMP,
  TIMESTAMPTZ,
  TINYINT,
  UBIGINT,
  UINTEGER,
  USMALLINT,
  UTINYINT,
  VARCHAR,
  blobValue,
  dateValue,
  timestampTZValue,
  timestampValue,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { Precision, RecordBatchReader, Type, util, type DataType, type Field, type Vector } from 'apache-arrow';
import { sqlIdentifier, sqlString } from '../sql.js';
import { firstLine, IngestError } from './errors.js';
import type { Conversion } from './index.js';
import { PARQUET_COPY_OPTIONS } from './stored.js';

interface ColumnPlan {
  name: string;
  sqlType: string;
  duckType: DuckDBType;
  /** A non-null Arrow value as the DuckDB value appended. */
  convert: (value: unknown) => DuckDBValue;
}

const MS_PER_DAY = 86_400_000;
const json = (value: unknown) =>
  JSON.stringify(value && typeof value === 'object' && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : value, (_, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
const same = (value: unknown) => value as DuckDBValue;
const plan = (sqlType: string, duckType: DuckDBType, convert: ColumnPlan['convert']) => ({ sqlType, duckType, convert });

function planType(type: DataType): Omit<ColumnPlan, 'name'> {
  switch (type.typeId) {
    case Type.Int: {
      const { bitWidth, isSigned } = type as unknown as { bitWidth: number; isSigned: boolean };
      if (bitWidth === 64) return isSigned ? plan('BIGINT', BIGINT, (value) => BigInt(value as bigint)) : plan('UBIGINT', UBIGINT, (value) => BigInt(value as bigint));
      const signed: Record<number, [string, DuckDBType]> = { 8: ['TINYINT', TINYINT], 16: ['SMALLINT', SMALLINT], 32: ['INTEGER', INTEGER] };
      const unsigned: Record<number, [string, DuckDBType]> = { 8: ['UTINYINT', UTINYINT], 16: ['USMALLINT', USMALLINT], 32: ['UINTEGER', UINTEGER] };
      const [sqlType, duckType] = (isSigned ? signed : unsigned)[bitWidth]!;
      return plan(sqlType, duckType, same);
    }
    case Type.Float:
      return (type as unknown as { precision: Precision }).precision === Precision.DOUBLE ? plan('DOUBLE', DOUBLE, same) : plan('FLOAT', FLOAT, same);
    case Type.Decimal: {
      const scale = (type as unknown as { scale: number }).scale;
      return plan('DOUBLE', DOUBLE, (value) => util.bigNumToNumber(value as never, scale));
    }
    case Type.Bool:
      return plan('BOOLEAN', BOOLEAN, same);
    case Type.Utf8:
    case Type.LargeUtf8:
      return plan('VARCHAR', VARCHAR, same);
    case Type.Binary:
    case Type.LargeBinary:
    case Type.FixedSizeBinary:
      return plan('BLOB', BLOB, (value) => blobValue(value as Uint8Array));
    case Type.Date:
      return plan('DATE', DATE, (value) => dateValue(Math.floor((value as number) / MS_PER_DAY)));
    case Type.Timestamp: {
      // Arrow gives milliseconds (with the sub-millisecond part as a fraction).
      const micros = (value: unknown) => BigInt(Math.round((value as number) * 1000));
      return (type as unknown as { timezone: string | null }).timezone
        ? plan('TIMESTAMPTZ', TIMESTAMPTZ, (value) => timestampTZValue(micros(value)))
        : plan('TIMESTAMP', TIMESTAMP, (value) => timestampValue(micros(value)));
    }
    case Type.Dictionary:
      return plan('VARCHAR', VARCHAR, (value) => (typeof value === 'string' ? value : json(value)));
    default:
      // Lists, structs, maps, times, intervals …: their JSON text.
      return plan('VARCHAR', VARCHAR, json);
  }
}

/** Column names unique (DuckDB tables cannot repeat one): later repeats get _2, _3 … */
function uniqueNames(fields: readonly Field[]): string[] {
  const seen = new Set<string>();
  return fields.map((field) => {
    let name = field.name || 'column';
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${field.name || 'column'}_${n}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

const VECTOR_SIZE = 2048;

export async function convertArrow({ connection, storage, source, target }: Conversion): Promise<void> {
  const handle = await open(source, 'r');
  const database = storage.tmpFile('duckdb');
  const catalog = `ingest_${randomBytes(6).toString('hex')}`;
  let attached = false;
  try {
    let reader;
    try {
      reader = await RecordBatchReader.from(handle);
      await reader.open();
    } catch (error) {
      throw new IngestError('Not a valid Arrow IPC file', firstLine(error));
    }
    const fields = reader.schema.fields;
    if (fields.length === 0) throw new IngestError('The file has no columns');
    const names = uniqueNames(fields);
    const columns: ColumnPlan[] = fields.map((field, index) => ({ name: names[index]!, ...planType(field.type) }));
    await connection.run(`ATTACH ${sqlString(database)} AS ${catalog}`);
    attached = true;
    await connection.run(`CREATE TABLE ${catalog}.main.data (${columns.map((column) => `${sqlIdentifier(column.name)} ${column.sqlType}`).join(', ')})`);
    const appender = await connection.createAppender('data', 'main', catalog);
    try {
      const types = columns.map((column) => column.duckType);
      for await (const batch of readBatches(reader)) {
        const vectors = columns.map((_, index) => batch.getChildAt(index) as Vector);
        for (let offset = 0; offset < batch.numRows; offset += VECTOR_SIZE) {
          const length = Math.min(VECTOR_SIZE, batch.numRows - offset);
          const chunk = DuckDBDataChunk.create(types, length);
          chunk.setColumns(
            columns.map((column, index) => {
              const vector = vectors[index]!;
              const values: DuckDBValue[] = new Array(length);
              for (let row = 0; row < length; row++) {
                const value: unknown = vector.get(offset + row);
                values[row] = value === null || value === undefined ? null : column.convert(value);
              }
              return values;
            }),
          );
          appender.appendDataChunk(chunk);
        }
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    await connection.run(`COPY ${catalog}.main.data TO ${sqlString(target)} ${PARQUET_COPY_OPTIONS}`);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('Could not read the Arrow file', firstLine(error));
  } finally {
    if (attached) await connection.run(`DETACH ${catalog}`).catch(() => undefined);
    await handle.close();
    await Promise.all([database, `${database}.wal`].map((file) => rm(file, { force: true })));
  }
}

/** Every batch of the file; a corrupt batch surfaces as an error of the iteration. */
async function* readBatches(reader: Awaited<ReturnType<typeof RecordBatchReader.from>>) {
  try {
    for await (const batch of reader as AsyncIterable<import('apache-arrow').RecordBatch>) yield batch;
  } catch (error) {
    throw new IngestError('Not a valid Arrow IPC file', firstLine(error));
  }
}
