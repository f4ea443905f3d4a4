// What the browser holds of a dataset, checked on its record before its data is read. Kept free of kepler.gl and
// Arrow so the main bundle can check it while starting a download before the map builder's code arrives.
import type { Dataset } from '@atlas/domain';
import { formatBytes, formatCount } from '../datasets/format';
import { rowCountOf, sizeOf } from '../datasets/listing';

/**
 * What a browser tab holds comfortably: kepler.gl keeps the Arrow columns plus its own per-row buffers for every
 * layer, so ten million rows (or 2 GB of data) is where a tab on an 8 GB laptop starts to fail.
 */
export const BROWSER_ROW_LIMIT = 10_000_000;
export const BROWSER_BYTE_LIMIT = 2_000_000_000;

/** Why a dataset is too large for the browser, or null when it fits (tilesets are drawn tile by tile: they fit). */
export function tooLargeReason(dataset: Dataset): string | null {
  if (dataset.type === 'vector-tile' || dataset.type === 'hex-tile') return null;
  const rows = rowCountOf(dataset);
  const size = sizeOf(dataset);
  if (rows !== null && rows > BROWSER_ROW_LIMIT) return `It has ${formatCount(rows)} rows; the browser holds up to ${formatCount(BROWSER_ROW_LIMIT)}.`;
  if (size !== null && size > BROWSER_BYTE_LIMIT) return `It holds ${formatBytes(size)}; the browser holds up to ${formatBytes(BROWSER_BYTE_LIMIT)}.`;
  return null;
}
