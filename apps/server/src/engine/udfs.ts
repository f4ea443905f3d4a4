import { DuckDBScalarFunction, DuckDBUBigIntVector, DOUBLE, INTEGER, UBIGINT, VARCHAR, type DuckDBConnection, type DuckDBDataChunk, type DuckDBType, type DuckDBVector } from '@duckdb/node-api';
import { H3_UDFS } from '@atlas/pipeline';
import { writeCellIndex } from './h3-bulk.js';
import { itemsOf, rowValid, validityOf } from './vector-memory.js';

const TYPES: Record<string, DuckDBType> = { DOUBLE, INTEGER, UBIGINT, VARCHAR };

/** How DuckDB stores each fixed-width argument type: read straight from the vector's memory (see vector-memory.ts). */
const STORAGE: Record<string, abstract new (...args: never[]) => Float64Array | Int32Array> = { DOUBLE: Float64Array, INTEGER: Int32Array };

type Reader = (row: number) => unknown;

/**
 * Row `row` of an argument vector. getItem builds a JS value per call, which cost more than h3-js itself (a million
 * points: 0.15 M/s through getItem, 0.4 M/s read directly), so numbers are read from the vector's typed array.
 */
function readerOf(vector: DuckDBVector, type: string): Reader {
  const Storage = STORAGE[type];
  const items = Storage ? itemsOf(vector, Storage) : null;
  const mask = items ? validityOf(vector) : null;
  if (!items || !mask) return (row) => vector.getItem(row);
  return (row) => (rowValid(mask, row) ? items[row] : null);
}

/**
 * atlas_h3_index over a whole chunk: the point arguments read from the vectors' memory, each index written as its two
 * 32-bit words straight into the output's values (no BigInt per row), null rows marked. The same cells as the
 * pipeline's h3IndexOf, which the other path calls row by row (tile builds send millions of points through here).
 */
function h3IndexChunk(input: DuckDBDataChunk, output: DuckDBVector): boolean {
  const [lat, lng, res] = [0, 1, 2].map((column) => input.getColumnVector(column));
  const lats = itemsOf(lat!, Float64Array);
  const lngs = itemsOf(lng!, Float64Array);
  const resolutions = itemsOf(res!, Int32Array);
  const masks = [lat!, lng!, res!].map(validityOf);
  const values = output instanceof DuckDBUBigIntVector ? itemsOf(output, BigUint64Array) : null;
  if (!lats || !lngs || !resolutions || !values || masks.some((mask) => mask === null)) return false;
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  for (let row = 0; row < input.rowCount; row++) {
    const present = masks.every((mask) => rowValid(mask!, row));
    if (!present || !writeCellIndex(lats[row]!, lngs[row]!, resolutions[row]!, words, row * 2)) output.setItem(row, null);
  }
  output.flush();
  return true;
}

/** Chunk-at-once implementations, used when the vectors have the expected memory (else the row-by-row path). */
const CHUNK_FUNCTIONS: Record<string, (input: DuckDBDataChunk, output: DuckDBVector) => boolean> = { atlas_h3_index: h3IndexChunk };

/** Registers the pipeline's H3 functions (atlas_h3_cell, atlas_h3_index, atlas_h3_parent) so compiled SQL can call them. */
export function registerUdfs(connection: DuckDBConnection): void {
  for (const udf of H3_UDFS) {
    const fn = udf.fn as (...args: unknown[]) => unknown;
    connection.registerScalarFunction(
      DuckDBScalarFunction.create({
        name: udf.name,
        returnType: TYPES[udf.returns]!,
        parameterTypes: udf.parameters.map((name) => TYPES[name]!),
        mainFunction: (_info, input, output) => {
          if (CHUNK_FUNCTIONS[udf.name]?.(input, output)) return;
          const readers = udf.parameters.map((type, index) => readerOf(input.getColumnVector(index), type));
          for (let row = 0; row < input.rowCount; row++) {
            output.setItem(row, fn(...readers.map((read) => read(row))) as string | bigint | null);
          }
          output.flush();
        },
      }),
    );
  }
}
