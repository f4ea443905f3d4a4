/**
 * Greedy map coloring (largest neighborhoods first): neighboring countries get different color indexes, so the style
 * can tint country fills without two neighbors looking alike. `seed` keeps the indexes a coarser map gave, so that
 * tints do not change when the map switches to finer shapes.
 */
export function assignColors(names: readonly string[], neighbors: readonly number[][], seed: ReadonlyMap<string, number> = new Map()): number[] {
  const colors: Array<number | undefined> = names.map((name) => seed.get(name));
  const order = names.map((_, index) => index).sort((a, b) => neighbors[b]!.length - neighbors[a]!.length);
  for (const index of order) {
    if (colors[index] !== undefined) continue;
    const taken = new Set(neighbors[index]!.map((other) => colors[other]));
    let color = 0;
    while (taken.has(color)) color++;
    colors[index] = color;
  }
  return colors as number[];
}
