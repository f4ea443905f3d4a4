// Small lookup tables derived from the reference data: what the visits SQL needs per chain (day
// and start-minute alias tables, dwell), per market (travel destinations) and per activity tier.
import { aliasTable, slotTable } from './alias.js';
import { dayWeights, type Day } from './calendar.js';
import { TIER_ACTIVITY } from './panel.js';
import { CATEGORIES, distanceKm, type Category, type Chain, type Dma } from './reference/index.js';
import { MINUTES, type VisitsSqlInput } from './visits-sql.js';

const U32 = 4294967296;
/** Travel destination table size per home market. */
const DESTINATION_SLOTS = 256;

export const categoryOf = (chain: Chain) => {
  const category = CATEGORIES.find((c) => c.id === chain.categoryId);
  if (!category) throw new Error(`Chain ${chain.id} has unknown category ${chain.categoryId}`);
  return category;
};

/** Dwell lognormal parameters (log-median, log-sd) of a chain. */
export const dwellParams = (chain: Chain): { mu: number; sigma: number } => {
  const category = categoryOf(chain);
  return { mu: Math.log(category.dwellMedian * (chain.dwellFactor ?? 1)), sigma: category.dwellSigma };
};

/** Per chain and day index: alias-table columns keyed by chain × days + day, plus the chain's dwell parameters. */
export const dayAliasColumns = (chains: readonly Chain[], days: readonly Day[]) => {
  const n = chains.length * days.length;
  const key = new Int32Array(n);
  const q = new Float64Array(n);
  const alias = new Int32Array(n);
  const mu = new Float64Array(n);
  const sigma = new Float64Array(n);
  chains.forEach((chain, c) => {
    const table = aliasTable(dayWeights(chain, categoryOf(chain), days));
    const dwell = dwellParams(chain);
    for (let j = 0; j < days.length; j++) {
      const row = c * days.length + j;
      key[row] = row;
      q[row] = Math.floor(table.q[j]! * U32); // compared with 32 random bits; 2^32 = always keep
      alias[row] = table.alias[j]!;
      mu[row] = dwell.mu;
      sigma[row] = dwell.sigma;
    }
  });
  return { key, q, alias, mu, sigma };
};

/** Start-minute density of a category: its three hour peaks (moved on weekends), wrapped around midnight. */
const minuteWeights = (category: Category, weekend: boolean): Float64Array => {
  const weights = new Float64Array(MINUTES);
  for (let m = 0; m < MINUTES; m++) {
    const hour = (m + 0.5) / 60;
    let density = 0;
    for (const [weight, mean, sd] of category.hours) {
      const centre = mean + (weekend ? category.weekendShift : 0);
      for (const wrap of [-24, 0, 24]) density += (weight / sd) * Math.exp(-0.5 * ((hour - centre + wrap) / sd) ** 2);
    }
    weights[m] = density;
  }
  return weights;
};

/** Per chain and weekday/weekend: start-minute alias tables keyed by (chain × 2 + weekend) × 1440 + minute. */
export const minuteAliasColumns = (chains: readonly Chain[]) => {
  const n = chains.length * 2 * MINUTES;
  const key = Int32Array.from({ length: n }, (_, i) => i);
  const q = new Float64Array(n);
  const alias = new Int32Array(n);
  chains.forEach((chain, c) => {
    for (const weekend of [0, 1]) {
      const table = aliasTable(minuteWeights(categoryOf(chain), weekend === 1));
      const base = (c * 2 + weekend) * MINUTES;
      for (let m = 0; m < MINUTES; m++) {
        q[base + m] = Math.floor(table.q[m]! * U32);
        alias[base + m] = table.alias[m]!;
      }
    }
  });
  return { key, q, alias };
};

/** Travel destinations per home market (equally likely entries): other markets by size, fading with distance. */
export const destinations = (dmas: readonly Dma[]): number[][] =>
  dmas.map((home, h) =>
    slotTable(dmas.map((other, o) => (o === h ? 0 : other.adults / (1 + distanceKm(home, other) / 300) ** 2)), DESTINATION_SLOTS),
  );

/** Activity tiers over device indexes: equal device counts, visit shares by TIER_ACTIVITY, as 32-bit ranges. */
export const tiers = (devices: number): VisitsSqlInput['tiers'] => {
  const count = TIER_ACTIVITY.length;
  const ranges = TIER_ACTIVITY.map((activity, t) => {
    const lo = Math.floor((t * devices) / count);
    const n = Math.floor(((t + 1) * devices) / count) - lo;
    return { lo, n, mass: n * activity };
  });
  const total = ranges.reduce((s, r) => s + r.mass, 0);
  let cumulative = 0;
  return ranges.map((r, t) => {
    const from = Math.floor((cumulative / total) * U32);
    cumulative += r.mass;
    const to = t === count - 1 ? U32 : Math.floor((cumulative / total) * U32);
    return { lo: r.lo, n: r.n, from, to };
  });
};

