// The device panel: each device's home market and demographic cell (a biased sample of the
// population, which the weights undo), its travel market, and its chain repertoire (REPERTOIRE
// chains with visit-share thresholds) that the visits SQL draws from. Activity tiers are ranges
// of the device index (lookups.tiers).
import { aliasTable } from './alias.js';
import { CDF_SCALE } from './device-layout.js';
import { CELLS, ageOfCell, genderOfCell, incomeOfCell } from './population.js';
import type { Rng } from './prng.js';
import { AFFINITIES, CATEGORIES, PANEL_AGE_BIAS, PANEL_INCOME_BIAS, type Chain, type Dma } from './reference/index.js';

/** Chains per device; visits concentrate on the first ones. */
export const REPERTOIRE = 8;
/** Relative visit share by repertoire rank (times the category's frequency). */
const LOYALTY = [1, 0.75, 0.6, 0.5, 0.4, 0.32, 0.25, 0.2] as const;
/** Once a chain is picked, competitors of the same category become less likely (brand loyalty)… */
const SAME_CATEGORY = 0.35;
/** …and chains in markets without them are rarely in a repertoire (visited in the nearest market). */
const ABSENT = 0.08;
/** Activity tiers (equal device counts): light to heavy users. */
export const TIER_ACTIVITY = [0.2, 0.4, 0.6, 0.8, 1.0, 1.4, 2.0, 3.0] as const;

export interface Panel {
  readonly devices: number;
  /** Public device id (a permutation of 1..devices, so ids say nothing about activity). */
  readonly deviceId: Int32Array;
  readonly home: Uint8Array;
  /** The market the device travels to (trips away from home go there). */
  readonly away: Uint8Array;
  readonly cell: Uint8Array;
  /** REPERTOIRE chain indexes per device. */
  readonly chains: Uint8Array;
  /** REPERTOIRE - 1 cumulative visit-share thresholds per device, in 1/CDF_SCALE. */
  readonly thresholds: Uint16Array;
}

export const deviceCount = (visits: number): number => Math.max(1000, Math.round(visits / 40));

interface ChainLinks {
  category: number;
  sameCategory: number[];
  partners: Map<number, number>;
}

const links = (chains: readonly Chain[]): ChainLinks[] => {
  const index = new Map(chains.map((c, i) => [c.id, i]));
  const category = chains.map((c) => CATEGORIES.findIndex((k) => k.id === c.categoryId));
  const result = chains.map((_, i) => ({ category: category[i]!, sameCategory: [] as number[], partners: new Map<number, number>() }));
  for (const [a, b, factor] of AFFINITIES) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined) throw new Error(`Unknown chain in affinity ${a} / ${b}`);
    result[ia]!.partners.set(ib, factor);
    result[ib]!.partners.set(ia, factor);
  }
  result.forEach((r, i) => {
    r.sameCategory = chains.map((_, j) => j).filter((j) => j !== i && category[j] === r.category && !r.partners.has(j));
  });
  return result;
};

/** Repertoire weight of every chain for one market and demographic cell. */
const baseWeights = (chains: readonly Chain[], chainLinks: ChainLinks[], present: boolean[][], dma: number, cell: number): Float64Array => {
  const age = ageOfCell(cell);
  const gender = genderOfCell(cell);
  const income = incomeOfCell(cell);
  const w = new Float64Array(chains.length);
  chains.forEach((chain, c) => {
    const cat = CATEGORIES[chainLinks[c]!.category]!;
    const tilt = Math.exp(((chain.youthTilt ?? 0) * (2.5 - age)) / 2.5) * Math.exp(((chain.incomeTilt ?? 0) * (income - 1.5)) / 1.5);
    w[c] = cat.reach * chain.popularity * cat.age[age]! * cat.income[income]! * cat.gender[gender]! * tilt * (present[c]![dma] ? 1 : ABSENT);
  });
  return w;
};

export const buildPanel = (
  devices: number,
  dmas: readonly Dma[],
  population: Float64Array,
  chains: readonly Chain[],
  present: boolean[][],
  /** Travel destinations per home market: equally likely market indexes (see lookups.destinations). */
  destinations: readonly (readonly number[])[],
  rng: Rng,
): Panel => {
  // Who carries a panel phone: market and demographic biases, corrected later by the weights.
  const marketBias = dmas.map(() => 0.75 + 0.5 * rng.uniform());
  const sampling = new Float64Array(dmas.length * CELLS);
  for (let d = 0; d < dmas.length; d++) {
    for (let cell = 0; cell < CELLS; cell++) {
      sampling[d * CELLS + cell] = population[d * CELLS + cell]! * marketBias[d]! * PANEL_AGE_BIAS[ageOfCell(cell)]! * PANEL_INCOME_BIAS[incomeOfCell(cell)]!;
    }
  }
  const cellAlias = aliasTable(sampling);
  const chainLinks = links(chains);
  const cache = new Map<number, Float64Array>();
  const home = new Uint8Array(devices);
  const away = new Uint8Array(devices);
  const cell = new Uint8Array(devices);
  const repertoire = new Uint8Array(devices * REPERTOIRE);
  const thresholds = new Uint16Array(devices * (REPERTOIRE - 1));
  const w = new Float64Array(chains.length);
  const shares = new Float64Array(REPERTOIRE);
  for (let v = 0; v < devices; v++) {
    const x = rng.uniform() * sampling.length;
    const j = Math.floor(x);
    const pick = x - j < cellAlias.q[j]! ? j : cellAlias.alias[j]!;
    const d = Math.floor(pick / CELLS);
    const c = pick % CELLS;
    home[v] = d;
    cell[v] = c;
    const trips = destinations[d]!;
    away[v] = trips[rng.int(trips.length)]!;
    let base = cache.get(pick);
    if (!base) cache.set(pick, (base = baseWeights(chains, chainLinks, present, d, c)));
    w.set(base);
    // Sequential weighted draws without replacement; each pick reshapes the rest (loyalty, affinities).
    let total = 0;
    for (let r = 0; r < REPERTOIRE; r++) {
      const chain = rng.weighted(w);
      repertoire[v * REPERTOIRE + r] = chain;
      const link = chainLinks[chain]!;
      w[chain] = 0;
      for (const other of link.sameCategory) w[other] = w[other]! * SAME_CATEGORY;
      for (const [other, factor] of link.partners) w[other] = w[other]! * factor;
      shares[r] = CATEGORIES[link.category]!.frequency * LOYALTY[r]! * rng.lognormal(0.35);
      total += shares[r]!;
    }
    let cumulative = 0;
    for (let r = 0; r < REPERTOIRE - 1; r++) {
      cumulative += shares[r]!;
      thresholds[v * (REPERTOIRE - 1) + r] = Math.round((cumulative / total) * CDF_SCALE);
    }
  }
  const deviceId = Int32Array.from(rng.shuffle(Array.from({ length: devices }, (_, i) => i + 1)));
  return { devices, deviceId, home, away, cell, chains: repertoire, thresholds };
};
