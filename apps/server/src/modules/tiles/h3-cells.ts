// H3 index arithmetic the build SQL and the tile queries share. A cell index is 64 bits: mode (bits 59-62), resolution
// (52-55), base cell (45-51) and fifteen 3-bit digits, those below the resolution set to 7. So the parent of a cell is
// the same index with the resolution changed and the digits below it set to 7, and the cells of one resolution inside
// a tile form one contiguous range of indexes; as 15-digit lower-case hex strings they sort in the same order.
import { getResolution, isValidCell } from 'h3-js';

const RES_SHIFT = 52n;
const RES_MASK = 15n << RES_SHIFT;

/** Digits below `res` all 7: the bits a cell of resolution `res` has set after its own digits. */
const unusedDigits = (res: number) => (1n << BigInt(3 * (15 - res))) - 1n;

export const isCell = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{15}$/.test(value) && isValidCell(value);

export const cellResolution = (cell: string) => getResolution(cell);

/** The index as 15 hex digits (every cell index starts 0x08, so it is exactly 15). */
const toHex = (index: bigint) => index.toString(16).padStart(15, '0');

/** First and last index (inclusive) of the cells of resolution `res` inside `cell` (res at least the cell's). */
export function childRange(cell: string, res: number): { first: string; last: string } {
  const own = getResolution(cell);
  const index = BigInt(`0x${cell}`);
  const base = (index & ~RES_MASK & ~unusedDigits(own)) | (BigInt(res) << RES_SHIFT);
  // Digits own+1..res: all 0 for the first child, all 6 for the last; below res: 7.
  let sixes = 0n;
  for (let digit = own + 1; digit <= res; digit++) sixes |= 6n << BigInt(3 * (15 - digit));
  return { first: toHex(base | unusedDigits(res)), last: toHex(base | sixes | unusedDigits(res)) };
}

/**
 * DuckDB SQL: the parent at `res` of a UBIGINT cell index `expr` of a finer (or the same) resolution. Only trusted
 * integers go into it (a resolution 0..15).
 */
export function parentSql(expr: string, res: number): string {
  if (!Number.isInteger(res) || res < 0 || res > 15) throw new Error(`resolution ${res}`);
  const keep = ((1n << 64n) - 1n) & ~RES_MASK;
  return `((${expr} & ${keep}::UBIGINT) | ${(BigInt(res) << RES_SHIFT) | unusedDigits(res)}::UBIGINT)`;
}

/** DuckDB SQL: the resolution of a UBIGINT cell index. */
export const resolutionSql = (expr: string) => `CAST((${expr} >> 52) & 15 AS INTEGER)`;

/** DuckDB SQL: a cell string (lower-case hex) as its UBIGINT index; null when it is not hex. */
export const indexSql = (expr: string) => `TRY_CAST('0x' || lower(CAST(${expr} AS VARCHAR)) AS UBIGINT)`;

/**
 * DuckDB SQL: a UBIGINT cell index as its cell string. to_hex writes no leading zeros, so this is printf('%015x') for
 * every index of at least 15 digits, which a cell index (mode 1, bit 59 set) is; it costs a third less.
 */
export const cellSql = (expr: string) => `lower(to_hex(${expr}))`;

/** DuckDB SQL: whether a UBIGINT index is a cell index (mode 1); the finer checks are the source's business. */
export const isCellIndexSql = (expr: string) => `((${expr} >> 59) & 15) = 1`;
