// A range tile (`/range/{interval}`, docs/tiles.md "Tile proxy": every bucket of the interval, rows h3, time and values,
// always sparse) read once per tile while time plays, and the rows of each step drawn from it.
import { tileRows, type HexRow } from './tileRows';

/** A range tile's rows, each with its bucket start in `time` (Arrow's timestamps read as milliseconds), not among its values. */
export function rangeRows(bytes: Uint8Array | ArrayBuffer, tile: string, dataRes: number): HexRow[] {
  return tileRows(bytes, tile, dataRes).map(({ h3, properties: { time, ...properties } }) => ({ h3, properties, time: Number(time) }));
}

/** Each tile's rows by step, grouped once: a step of the animation is then a look-up per tile. */
const byStep = new WeakMap<readonly HexRow[], Map<number, HexRow[]>>();

/** The rows drawn at a step (a bucket start) of a tile's rows; all of them when no time plays. */
export function rowsAt(rows: readonly HexRow[], step: number | null): readonly HexRow[] {
  if (step === null) return rows;
  let steps = byStep.get(rows);
  if (!steps) {
    steps = new Map();
    for (const row of rows) {
      if (row.time === undefined) continue;
      const at = steps.get(row.time);
      if (at) at.push(row);
      else steps.set(row.time, [row]);
    }
    byStep.set(rows, steps);
  }
  return steps.get(step) ?? [];
}
