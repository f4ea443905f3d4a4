// Chain footprints: which markets each chain is in, how many places it has there, and the
// place-choice table the visits SQL joins (chain × market → 32 slots weighted by place popularity).
import { slotTable } from './alias.js';
import type { Rng } from './prng.js';
import { distanceKm, type Chain, type Dma } from './reference/index.js';

export const PLACE_SLOTS = 32;

export interface Place {
  /** 1-based, ordered by chain, then market. */
  readonly placeId: number;
  readonly name: string;
  readonly chain: number;
  readonly dma: number;
  readonly lat: number;
  readonly lng: number;
}

export interface Footprint {
  readonly places: Place[];
  /** present[chain][dma]: the chain has places in the market. */
  readonly present: boolean[][];
  /** Place id per (chain × markets + market) × PLACE_SLOTS + slot; a market without the chain uses the nearest one that has it. */
  readonly slots: Int32Array;
}

const cityOf = (dma: Dma): string => dma.name.split(/-| \(|, | & /)[0]!.trim();
const round5 = (x: number): number => Math.round(x * 1e5) / 1e5;

const presence = (chain: Chain, dmas: readonly Dma[], rng: Rng): boolean[] => {
  const median = [...dmas].map((d) => d.adults).sort((a, b) => a - b)[Math.floor(dmas.length / 2)]!;
  const scores = dmas.map((dma) => {
    const p = Math.min(0.97, chain.coverage * (chain.regions?.[dma.region] ?? 1) * (dma.adults / median) ** 0.35);
    return { p, u: rng.uniform() };
  });
  const present = scores.map((s) => s.u < s.p);
  // Every chain has at least three markets: the ones it is most likely to be in.
  const ranked = scores.map((s, i) => ({ i, key: s.u / s.p })).sort((a, b) => a.key - b.key);
  for (const { i } of ranked.slice(0, 3)) present[i] = true;
  return present;
};

export const buildFootprint = (chains: readonly Chain[], dmas: readonly Dma[], rng: Rng): Footprint => {
  const places: Place[] = [];
  const present: boolean[][] = [];
  const popularity: number[][][] = []; // [chain][dma] → popularity per place (in place order)
  const firstPlace: number[][] = [];
  chains.forEach((chain, c) => {
    const here = presence(chain, dmas, rng);
    present.push(here);
    popularity.push([]);
    firstPlace.push([]);
    dmas.forEach((dma, d) => {
      firstPlace[c]![d] = places.length + 1;
      popularity[c]![d] = [];
      if (!here[d]) return;
      const count = Math.min(10, Math.max(1, Math.round((chain.density * dma.adults) / 1e6 * rng.lognormal(0.35))));
      for (let k = 0; k < count; k++) {
        places.push({
          placeId: places.length + 1,
          name: count > 1 ? `${chain.name} ${cityOf(dma)} #${k + 1}` : `${chain.name} ${cityOf(dma)}`,
          chain: c,
          dma: d,
          lat: round5(dma.lat + 0.12 * rng.normal()),
          lng: round5(dma.lng + 0.15 * rng.normal()),
        });
        popularity[c]![d]!.push(rng.lognormal(0.5));
      }
    });
  });
  const slots = new Int32Array(chains.length * dmas.length * PLACE_SLOTS);
  chains.forEach((_, c) => {
    dmas.forEach((dma, d) => {
      // A market without the chain sends its visits to the nearest market that has it.
      let source = d;
      if (!present[c]![d]) {
        let best = Infinity;
        dmas.forEach((other, o) => {
          const km = present[c]![o] ? distanceKm(dma, other) : Infinity;
          if (km < best) { best = km; source = o; }
        });
      }
      const table = slotTable(popularity[c]![source]!, PLACE_SLOTS);
      table.forEach((k, s) => (slots[(c * dmas.length + d) * PLACE_SLOTS + s] = firstPlace[c]![source]! + k));
    });
  });
  return { places, present, slots };
};
