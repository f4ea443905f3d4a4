// Test data the browser tests draw: deterministic, so every run draws the same map.

/** Deterministic random numbers (mulberry32). */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** GeoJSON: a 12 × 12 grid of squares over Manhattan and Brooklyn, each with a number of visits and a category. */
export function squares(): string {
  const features = [];
  for (let row = 0; row < 12; row++) {
    for (let col = 0; col < 12; col++) {
      const [west, south] = [-74.1 + col * 0.025, 40.6 + row * 0.025];
      const ring = [[west, south], [west + 0.02, south], [west + 0.02, south + 0.02], [west, south + 0.02], [west, south]];
      features.push({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { visits: row * 12 + col, category: ['cafe', 'shop', 'park'][col % 3] } });
    }
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}
