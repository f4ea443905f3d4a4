import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCellsFile } from './cells-file.js';

const words = (values: readonly bigint[]) => new Uint32Array(BigUint64Array.from(values).buffer);

async function* from(batches: readonly Uint32Array[]) {
  for (const batch of batches) yield batch;
}

describe('the cells file', () => {
  let dir: string;
  let instance: DuckDBInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cells-file-'));
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(async () => {
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  async function read(file: string) {
    const connection = await instance.connect();
    try {
      const described = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRowObjects();
      const rows = (await connection.runAndReadAll(`SELECT c FROM read_parquet('${file}')`)).getRows().map(([value]) => value);
      return { types: described.map((row) => [row.column_name, row.column_type]), rows };
    } finally {
      connection.closeSync();
    }
  }

  it('holds the 64-bit values given, in order, as UBIGINT column c', async () => {
    const file = path.join(dir, 'cells.parquet');
    const first = [0x8928308280fffffn, 0n, 2n ** 64n - 1n, 2n ** 63n];
    // Over a million rows: more than one of the writer's row groups.
    const many = Array.from({ length: 20 }, (_, batch) => Array.from({ length: 60_000 + batch }, (_, row) => BigInt(batch) * 2n ** 40n + BigInt(row)));
    await writeCellsFile(file, from([words(first), new Uint32Array(0), ...many.map(words)]));
    const { types, rows } = await read(file);
    expect(types).toEqual([['c', 'UBIGINT']]);
    expect(rows.slice(0, first.length)).toEqual(first);
    // The million values compared as bytes (a deep equality of that many BigInts takes seconds).
    const bytes = (values: readonly unknown[]) => Buffer.from(BigUint64Array.from(values as bigint[]).buffer);
    expect(bytes(rows).equals(bytes([...first, ...many.flat()]))).toBe(true);
  });

  it('holds no rows when nothing was given', async () => {
    const file = path.join(dir, 'empty.parquet');
    await writeCellsFile(file, from([]));
    expect(await read(file)).toEqual({ types: [['c', 'UBIGINT']], rows: [] });
  });

  it('fails when the cells fail, part way or at once, and on a file that exists', async () => {
    async function* failing(after: number) {
      for (let batch = 0; batch < after; batch++) yield words([BigInt(batch)]);
      throw new Error('the cell worker stopped');
    }
    await expect(writeCellsFile(path.join(dir, 'part.parquet'), failing(3))).rejects.toThrow('the cell worker stopped');
    await expect(writeCellsFile(path.join(dir, 'none.parquet'), failing(0))).rejects.toThrow('the cell worker stopped');
    const existing = path.join(dir, 'existing.parquet');
    await writeFile(existing, 'kept');
    await expect(writeCellsFile(existing, from([words([1n])]))).rejects.toThrow();
  });
});
