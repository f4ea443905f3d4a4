import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { dataViewOf, itemsOf, validityOf } from './vector-memory.js';

// If a release of @duckdb/node-api renames the fields these readers use, the Arrow encoder silently falls back to
// reading value by value (correct, four times slower): this test is what notices.
describe('vector memory', () => {
  it('reaches the values and validity of every type the Arrow encoder copies directly', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const result = await connection.run(`SELECT 1::TINYINT, 1::SMALLINT, 1::INTEGER, 1::BIGINT, 1::UTINYINT, 1::USMALLINT, 1::UINTEGER,
        1::UBIGINT, 1::FLOAT, 1::DOUBLE, DATE '2026-01-01', TIMESTAMP '2026-01-01', TIMESTAMPTZ '2026-01-01', TIMESTAMP_MS '2026-01-01',
        TIMESTAMP_S '2026-01-01', TIMESTAMP_NS '2026-01-01', NULL::VARCHAR, true FROM range(3)`);
      const chunk = (await result.fetchChunk())!;
      const storage = [Int8Array, Int16Array, Int32Array, BigInt64Array, Uint8Array, Uint16Array, Uint32Array, BigUint64Array, Float32Array, Float64Array, Int32Array, BigInt64Array, BigInt64Array, BigInt64Array, BigInt64Array, BigInt64Array];
      storage.forEach((Storage, column) => {
        const vector = chunk.getColumnVector(column);
        expect(itemsOf(vector, Storage as never), `column ${column}`).not.toBeNull();
        expect(validityOf(vector), `column ${column}`).toEqual({ bytes: null, offset: 0 });
      });
      const text = chunk.getColumnVector(storage.length);
      expect(dataViewOf(text)).toBeInstanceOf(DataView);
      expect(validityOf(text)?.bytes?.[0]! & 0b111).toBe(0);
      expect(dataViewOf(chunk.getColumnVector(storage.length + 1))).toBeInstanceOf(DataView);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
