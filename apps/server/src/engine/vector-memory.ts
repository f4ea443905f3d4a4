// Direct reads of a DuckDB vector's memory. @duckdb/node-api exposes values one at a time (getItem builds a JS value,
// a BigInt or a decoded string per cell), which made the Arrow copy of an upload four times slower than its conversion.
// Its vectors keep the memory they wrap in fields the typings mark private; these readers use them when they have the
// expected shape and answer null otherwise, so the encoder falls back to getItem (vector-memory.test.ts pins that the
// fields are still there for every type the encoder reads directly).
import type { DuckDBVector } from '@duckdb/node-api';

/** DuckDB's validity mask: bit i of the little-endian 64-bit words is set when row i holds a value; null = all valid. */
export interface Validity {
  readonly bytes: Uint8Array | null;
  /** Bit offset of row 0 (a sliced vector starts inside the mask). */
  readonly offset: number;
}

interface VectorInternals {
  items?: unknown;
  dataView?: unknown;
  validity?: { data?: unknown; offset?: unknown };
}

function internals(vector: DuckDBVector): VectorInternals {
  return vector as unknown as VectorInternals;
}

export function validityOf(vector: DuckDBVector): Validity | null {
  const validity = internals(vector).validity;
  if (!validity || typeof validity.offset !== 'number') return null;
  const { data } = validity;
  if (data === null) return { bytes: null, offset: validity.offset };
  if (!(data instanceof BigUint64Array)) return null;
  return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offset: validity.offset };
}

/** Whether row `index` holds a value (its bit of the mask is set). */
export function rowValid({ bytes, offset }: Validity, index: number): boolean {
  const bit = offset + index;
  return bytes === null || (bytes[bit >> 3]! & (1 << (bit & 7))) !== 0;
}

/** The vector's values as the typed array DuckDB stores them in, when it is one of `Storage`. */
export function itemsOf<T extends ArrayBufferView>(vector: DuckDBVector, Storage: abstract new (...args: never[]) => T): T | null {
  const { items } = internals(vector);
  return items instanceof Storage ? items : null;
}

/** The raw bytes of a vector whose values are not a typed array (strings: 16-byte string_t; booleans: a byte each). */
export function dataViewOf(vector: DuckDBVector): DataView | null {
  const { dataView } = internals(vector);
  return dataView instanceof DataView ? dataView : null;
}

/** Bytes of DuckDB's string_t: a 4-byte length, then the string itself when it fits in 12 bytes, else a pointer. */
export const STRING_T_BYTES = 16;
export const INLINE_STRING_MAX = 12;
