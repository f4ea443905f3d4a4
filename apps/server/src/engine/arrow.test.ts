import { DuckDBInstance, type DuckDBConnection, type DuckDBDataChunk } from '@duckdb/node-api';
import { tableFromIPC, tableToIPC, Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrowEncoder } from './arrow.js';

// 5003 rows: chunks of 2048, 2048 and 907, so a batch of the last chunk then the first starts the first at row 907,
// off a byte boundary of the validity bitmaps.
const ROWS = 5003;
const COLUMNS = `
  CASE WHEN i % 7 = 0 THEN NULL ELSE i % 100 END::TINYINT AS tiny,
  CASE WHEN i % 5 = 0 THEN NULL ELSE i * 3 END::INTEGER AS int,
  CASE WHEN i % 3 = 0 THEN NULL ELSE i * 1000000007 END::BIGINT AS big,
  (i % 60000)::USMALLINT AS usmall,
  CASE WHEN i % 9 = 0 THEN NULL ELSE i / 7.0 END::DOUBLE AS dbl,
  (i / 4.0)::FLOAT AS flt,
  (i / 8.0)::DECIMAL(12, 3) AS dec,
  i::HUGEINT AS huge,
  CASE WHEN i % 4 = 0 THEN NULL ELSE i % 3 = 0 END AS flag,
  DATE '2020-01-01' + (i % 1000)::INTEGER AS day,
  CASE WHEN i % 6 = 0 THEN NULL ELSE TIMESTAMP '2026-01-01' + to_seconds(i) END AS ts,
  TIMESTAMP_MS '2026-01-01 00:00:00.250' + to_milliseconds(i) AS ts_ms,
  CASE WHEN i % 10 = 0 THEN NULL WHEN i % 10 = 1 THEN '' WHEN i % 10 = 2 THEN 'Zürich ✓ ' || i WHEN i % 10 = 3 THEN 'a string longer than twelve bytes ' || i ELSE 'v' || i END AS text,
  uuid()::VARCHAR IS NOT NULL AS always`;

let instance: DuckDBInstance;
let connection: DuckDBConnection;

async function chunksOf(sql: string): Promise<{ chunks: DuckDBDataChunk[]; names: string[]; types: ReturnType<Awaited<ReturnType<DuckDBConnection['stream']>>['columnTypes']> }> {
  const result = await connection.stream(sql);
  const chunks: DuckDBDataChunk[] = [];
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) chunks.push(chunk);
  return { chunks, names: result.columnNames(), types: result.columnTypes() };
}

/** What each cell should read as in Arrow, from DuckDB's own value objects. */
function expected(value: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'object' && value !== null) {
    if ('micros' in value) return Number((value as { micros: bigint }).micros / 1000n);
    if ('millis' in value) return Number((value as { millis: bigint }).millis);
    if ('days' in value) return (value as { days: number }).days * 86_400_000;
    if ('toDouble' in value) return (value as { toDouble(): number }).toDouble();
  }
  return value;
}

function roundTrip(encoder: ArrowEncoder, batches: DuckDBDataChunk[][]): Table {
  return tableFromIPC(tableToIPC(new Table(batches.map((chunks) => encoder.batch(chunks)))));
}

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run(`CREATE TABLE t AS SELECT i, ${COLUMNS} FROM range(${ROWS}) r(i)`);
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

describe('ArrowEncoder', () => {
  it('encodes every column type, nulls included, across chunks that start off a byte boundary', async () => {
    const { chunks, names, types } = await chunksOf('SELECT * FROM t ORDER BY i');
    expect(chunks.map((chunk) => chunk.rowCount)).toEqual([2048, 2048, 907]);
    const order = [chunks[2]!, chunks[0]!, chunks[1]!];
    const table = roundTrip(new ArrowEncoder(names, types), [order]);
    expect(table.numRows).toBe(ROWS);
    let row = 0;
    for (const chunk of order) {
      for (let index = 0; index < chunk.rowCount; index++, row++) {
        for (let column = 0; column < names.length; column++) {
          const want = expected(chunk.getColumnVector(column).getItem(index));
          const got = table.getChildAt(column)!.get(row);
          if (want === null) expect(got, `${names[column]} row ${row}`).toBeNull();
          else if (typeof want === 'number' || names[column] === 'huge') expect(got).toBeCloseTo(Number(want), 6);
          else expect(got).toEqual(want);
        }
      }
    }
    expect(table.getChild('text')!.nullCount).toBe(Math.ceil(ROWS / 10));
    expect(table.getChild('big')!.nullCount).toBe(Math.ceil(ROWS / 3));
    expect(table.getChild('always')!.nullCount).toBe(0);
  });

  it('writes no validity bitmap for a column without nulls, and one batch per call', async () => {
    const { chunks, names, types } = await chunksOf('SELECT usmall, day, always FROM t ORDER BY i');
    const encoder = new ArrowEncoder(names, types);
    const batch = encoder.batch(chunks);
    for (const child of batch.data.children) expect(child.nullBitmap?.length ?? 0).toBe(0);
    expect(roundTrip(encoder, [chunks.slice(0, 1), chunks.slice(1)]).batches.map((each) => each.numRows)).toEqual([2048, 2955]);
  });

  it('keeps the schema of an empty result', async () => {
    const { chunks, names, types } = await chunksOf('SELECT * FROM t WHERE false');
    const table = roundTrip(new ArrowEncoder(names, types), [chunks]);
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((field) => field.name)).toEqual(names);
  });
});
