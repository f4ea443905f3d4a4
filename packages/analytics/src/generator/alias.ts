// Sampling tables that SQL can use with an equality join or a list lookup (no range joins).

export interface AliasTable {
  /** Keep column j when the fractional coin is below q[j]. */
  q: Float64Array;
  /** Otherwise take alias[j]. */
  alias: Int32Array;
}

/** Vose's alias method: exact sampling from discrete weights with one uniform index and one coin. */
export const aliasTable = (weights: ArrayLike<number>): AliasTable => {
  const n = weights.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i]!;
  const scaled = new Float64Array(n);
  for (let i = 0; i < n; i++) scaled[i] = (weights[i]! * n) / total;
  const q = new Float64Array(n);
  const alias = new Int32Array(n);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < n; i++) (scaled[i]! < 1 ? small : large).push(i);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large.pop()!;
    q[s] = scaled[s]!;
    alias[s] = l;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    (scaled[l]! < 1 ? small : large).push(l);
  }
  for (const i of large) { q[i] = 1; alias[i] = i; }
  for (const i of small) { q[i] = 1; alias[i] = i; } // rounding leftovers
  return { q, alias };
};

/**
 * Spread `slots` equal slots over items in proportion to weights (largest remainder), each item
 * with a positive weight getting at least one slot when slots allow. Returns the item of each slot.
 */
export const slotTable = (weights: readonly number[], slots: number): number[] => {
  const total = weights.reduce((s, w) => s + w, 0);
  const positive = weights.filter((w) => w > 0).length;
  const base = positive <= slots ? 1 : 0;
  const free = slots - base * positive;
  const exact = weights.map((w) => (w > 0 ? (w / total) * free : 0));
  const counts = exact.map((x, i) => (weights[i]! > 0 ? base : 0) + Math.floor(x));
  let left = slots - counts.reduce((s, c) => s + c, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k]!.i]! += 1;
  const out: number[] = [];
  counts.forEach((c, i) => { for (let k = 0; k < c; k++) out.push(i); });
  return out;
};
