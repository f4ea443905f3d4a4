// Test helper: what a hex tileset must hold, computed from the raw rows with h3-js, independently of the server's SQL.
import { cellToParent, latLngToCell } from 'h3-js';

export type Agg = 'sum' | 'count' | 'min' | 'max' | 'mean' | 'median' | 'mode';

export interface Point {
  lat: number;
  lng: number;
  day: string | null;
  value: number | null;
}

function aggregate(values: Array<number | null>, agg: Agg): number | null {
  const present = values.filter((value): value is number => value !== null);
  if (agg === 'count') return present.length;
  if (present.length === 0) return null;
  const sorted = [...present].sort((a, b) => a - b);
  switch (agg) {
    case 'sum':
      return present.reduce((a, b) => a + b, 0);
    case 'min':
      return sorted[0]!;
    case 'max':
      return sorted[sorted.length - 1]!;
    case 'mean':
      return present.reduce((a, b) => a + b, 0) / present.length;
    case 'median': {
      const middle = (sorted.length - 1) / 2;
      return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
    }
    default: {
      // Most frequent; ties: the smallest value.
      const counts = new Map<number, number>();
      for (const value of sorted) counts.set(value, (counts.get(value) ?? 0) + 1);
      let best = sorted[0]!;
      for (const [value, count] of counts) if (count > counts.get(best)!) best = value;
      return best;
    }
  }
}

/** key `h3|interval|time` → the values of each aggregation, at every resolution 0..finest, over all time and per day. */
export function expectedCells(points: readonly Point[], finest: number, aggs: readonly Agg[], temporal: boolean): Map<string, Record<Agg, number | null>> {
  const groups = new Map<string, Array<number | null>>();
  const add = (key: string, value: number | null) => {
    const list = groups.get(key) ?? [];
    list.push(value);
    groups.set(key, list);
  };
  for (const point of points) {
    const cell = latLngToCell(point.lat, point.lng, finest);
    for (let res = 0; res <= finest; res++) {
      const parent = res === finest ? cell : cellToParent(cell, res);
      add(`${parent}||`, point.value);
      if (temporal && point.day !== null) add(`${parent}|DAY|${point.day}T00:00:00.000Z`, point.value);
    }
  }
  const expected = new Map<string, Record<Agg, number | null>>();
  for (const [key, values] of groups) expected.set(key, Object.fromEntries(aggs.map((agg) => [agg, aggregate(values, agg)])) as Record<Agg, number | null>);
  return expected;
}

/** Quantile (linear interpolation, as quantile_cont) of numbers. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** Points spread over a few kilometres (so cells share points at every resolution), deterministic. */
export function makePoints(count: number): Point[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, (_, index) => ({
    lat: 48.85 + random() * 0.04,
    lng: 2.33 + random() * 0.06,
    day: index % 17 === 0 ? null : `2024-03-0${1 + Math.floor(random() * 3)}`,
    value: index % 13 === 0 ? null : Math.floor(random() * 6),
  }));
}

export const pointsCsv = (points: readonly Point[]) =>
  `lat,lng,day,value\n${points.map((point) => `${point.lat},${point.lng},${point.day ?? ''},${point.value ?? ''}`).join('\n')}\n`;
