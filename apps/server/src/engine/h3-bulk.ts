// Points to H3 cell indexes for the atlas_h3_index UDF, which tile builds call once per point (millions per build).
// h3-js's latLngToCell allocates two buffers, converts degrees and formats a hex string per call (0.9 M points/s on a
// 2-core machine), which the build then parses back into 64 bits. The H3 library h3-js compiles and ships
// (dist/libh3-browser.js, the same code its own functions call) is called here directly with one argument slot and one
// result slot reused: about twice as fast, and the index arrives as its two 32-bit words. h3-bulk.test.ts checks it
// against h3-js's latLngToCell.
import libh3 from 'h3-js/dist/libh3-browser.js';
import { isPointArgument } from '@atlas/pipeline';

const RADIANS_PER_DEGREE = Math.PI / 180;
/** sizeof(LatLng): two doubles; sizeof(H3Index): 64 bits. */
const LATLNG_BYTES = 16;
const H3INDEX_BYTES = 8;

let slots: { latLng: number; cell: number } | null = null;

/** The library's argument and result slots, allocated once for the life of the process. */
function slotsOf(): { latLng: number; cell: number } {
  slots ??= { latLng: libh3._malloc(LATLNG_BYTES), cell: libh3._malloc(H3INDEX_BYTES) };
  return slots;
}

/**
 * Writes the index of the cell of resolution `res` containing the point into `words` at `at` (low word, then high),
 * as a little-endian 64-bit integer array viewed as 32-bit words holds it. False (nothing written) for arguments
 * h3CellOf refuses (isPointArgument) or that H3 refuses.
 */
export function writeCellIndex(lat: number, lng: number, res: number, words: Uint32Array, at: number): boolean {
  if (!isPointArgument(lat, lng, res)) return false;
  const { latLng, cell } = slotsOf();
  // Read at every call: the library's memory views are replaced if its heap ever grows.
  const doubles = libh3.HEAPF64;
  doubles[latLng >> 3] = lat * RADIANS_PER_DEGREE;
  doubles[(latLng >> 3) + 1] = lng * RADIANS_PER_DEGREE;
  if (libh3._latLngToCell(latLng, res, cell) !== 0) return false;
  const heap = libh3.HEAPU32;
  words[at] = heap[cell >> 2]!;
  words[at + 1] = heap[(cell >> 2) + 1]!;
  return true;
}
