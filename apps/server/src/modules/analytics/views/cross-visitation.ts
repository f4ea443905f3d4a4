// Cross-Visitation (foot-traffic.md "overlap", "Cross-Visitation"): the share of a base chain's weighted visitors who
// also visited an overlap chain, both memberships counted in the one geography and the selected window of periods.
import { MASK_MONTHS } from '../rollups/definitions.js';
import { periodBounds, type CrossVisitationRow } from '@atlas/domain';
import { geographyFields, secondaryTaxonomyFields, taxonomyFields, windowFields } from './fields.js';
import type { PanelRelations, SqlRunner, ViewRunner } from './types.js';

// Both readings answer the weight of the window's visiting devices by their set of selected chains (bit i = the i-th
// distinct selected chain, at most 2^8 sets), so every overlap is a sum over sets instead of a join of visitors:
// weighted |A| is the weight of the sets holding A, weighted |A ∩ B| of those holding both; |A| itself (the devices behind
// every overlap of base A) is the device count of the sets holding A.
interface ChainSet { chains: number; weight: number; devices: number }

/** The months of the window as month indexes (year × 12 + month − 1), first and last. */
interface Window { first: number; last: number }

/**
 * From crossVisitors, one row per device with a months-mask column per ranked chain (its slot), read in the window's
 * mask block (null when a chain is ranked beyond the columns or the window spans two blocks). A selected chain without
 * visitors anywhere has no rank and adds no bit. Rows count as their `devices` (an append's -1 rows take back rows of
 * before it).
 */
async function crossVisitorSets(sql: SqlRunner, r: PanelRelations, chains: string[], geography: string, window: Window): Promise<ChainSet[] | null> {
  const ranks = await sql.queryRows(`SELECT chain_id, slot, first_month_index FROM ${r.chainRanks} WHERE chain_id IN (SELECT unnest($1::VARCHAR[]))`, [chains]);
  if (ranks.some((row) => row.slot === null)) return null;
  if (!ranks.length) return [];
  const first = Number(ranks[0]!.first_month_index);
  const lo = Math.max(window.first - first, 0);
  const hi = window.last - first;
  const block = Math.floor(lo / MASK_MONTHS);
  if (hi >= lo && Math.floor(hi / MASK_MONTHS) !== block) return null;
  const bitsOf = (from: number, to: number) => (to < from ? 0n : ((1n << BigInt(to - from + 1)) - 1n) << BigInt(from));
  const mask = bitsOf(lo - block * MASK_MONTHS, hi - block * MASK_MONTHS);
  // One flag per ranked selected chain: whether the device visited it in the window.
  const flags = ranks.map((row) => ({ bit: chains.indexOf(String(row.chain_id)), column: `m${Number(row.slot)}` }));
  const names = flags.map((flag) => `c${flag.bit}`).join(', ');
  const rows = await sql.queryRows(
    `SELECT ${names}, SUM(weight * devices)::FLOAT8 AS weight, SUM(devices) AS devices FROM (
  SELECT weight, devices, ${flags.map((flag) => `(${flag.column} & CAST($3 AS BIGINT)) <> 0 AS c${flag.bit}`).join(', ')}
  FROM ${r.crossVisitors} WHERE geography_id = $1 AND block = $2::INTEGER
) devices GROUP BY ${names} HAVING SUM(devices) <> 0`,
    [geography, block, String(mask)],
  );
  return rows.map((row) => ({
    chains: flags.reduce((set, flag) => (row[`c${flag.bit}`] === true ? set | (1 << flag.bit) : set), 0),
    weight: Number(row.weight),
    devices: Number(row.devices),
  }));
}

/**
 * From chainVisitors: a device visited a chain in the window when its block's mask shares a bit with the window's bits
 * in that block; its chains are gathered by grouping by device.
 */
async function chainVisitorSets(sql: SqlRunner, r: PanelRelations, chains: string[], geography: string, window: Window): Promise<ChainSet[]> {
  const rows = await sql.queryRows(
    `WITH bits AS (SELECT unnest($1::VARCHAR[]) AS id, CAST(generate_subscripts($1::VARCHAR[], 1) - 1 AS INTEGER) AS bit),
bounded AS (
  SELECT c.device_id, c.weight, c.months, bits.bit,
         GREATEST($3::INTEGER - c.first_month_index - c.block * ${MASK_MONTHS}, 0) AS lo,
         LEAST($4::INTEGER - c.first_month_index - c.block * ${MASK_MONTHS}, ${MASK_MONTHS - 1}) AS hi
  FROM ${r.chainVisitors} c JOIN bits ON bits.id = c.chain_id
  WHERE c.country = $2 OR c.dma_id = $2
),
visitors AS (
  SELECT device_id, weight, bit_or(CAST(1 AS BIGINT) << bit) AS chains FROM bounded
  WHERE hi >= lo AND (months & (((CAST(1 AS BIGINT) << (hi - lo + 1)) - 1) << lo)) <> 0
  GROUP BY device_id, weight
)
SELECT chains, SUM(weight)::FLOAT8 AS weight, COUNT(*) AS devices FROM visitors GROUP BY chains`,
    [chains, geography, window.first, window.last],
  );
  return rows.map((row) => ({ chains: Number(row.chains), weight: Number(row.weight), devices: Number(row.devices) }));
}

/**
 * Every base × overlap pair in order: weighted |A ∩ B| ÷ weighted |A| × 100, null when A has no visitors, exactly 100 on
 * the diagonal (A ∩ A = A); with |A|, the devices the overlap rests on.
 */
function overlaps(sets: ChainSet[], chains: string[], bases: string[], others: string[]) {
  const sumOf = (measure: 'weight' | 'devices', ...ids: string[]) => {
    const bits = ids.reduce((all, id) => all | (1 << chains.indexOf(id)), 0);
    return sets.reduce((sum, set) => ((set.chains & bits) === bits ? sum + set[measure] : sum), 0);
  };
  return bases.flatMap((base) => {
    const total = sumOf('weight', base);
    const devices = sumOf('devices', base);
    return others.map((other) => ({ base, other, devices, overlap: total === 0 ? null : base === other ? 100 : (sumOf('weight', base, other) / total) * 100 }));
  });
}

/** Overlap rows of every base × overlap chain; `via` forces one reading (tests), otherwise crossVisitors when it can. */
export async function overlapRows(
  sql: SqlRunner, panel: PanelRelations, values: Record<string, unknown>, bases: string[], others: string[], via?: 'chainVisitors',
) {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; start: string; end: string };
  const monthIndex = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
  const window = { first: monthIndex(periodBounds(period.granularity, period.start).startMs), last: monthIndex(periodBounds(period.granularity, period.end).endMs) - 1 };
  const chains = [...new Set([...bases, ...others])];
  const geography = values.geography as string;
  const sets = (via ? null : await crossVisitorSets(sql, panel, chains, geography, window)) ?? (await chainVisitorSets(sql, panel, chains, geography, window));
  const common = { ...geographyFields(geography), ...windowFields(period.granularity, period.start, period.end) };
  return overlaps(sets, chains, bases, others).map(
    ({ base, other, overlap, devices }): CrossVisitationRow => ({ ...common, ...taxonomyFields(base), ...secondaryTaxonomyFields(other), overlap, device_count: devices }),
  );
}

/** The heatmap: every selected chain as base (rows) by every selected chain as overlap (columns), diagonal included. */
export const overlapHeatmap: ViewRunner = (sql, panel, values) => {
  const chains = values.chains as string[];
  return overlapRows(sql, panel, values, chains, chains);
};

/** The bars: overlap(A, focus) for every selected base chain A; the focus chain defaults to the first selected chain. */
export const focusChainOverlap: ViewRunner = (sql, panel, values, given) => {
  const chains = values.chains as string[];
  const focus = typeof given.focusChain === 'string' && given.focusChain !== '' ? given.focusChain : chains[0]!;
  return overlapRows(sql, panel, values, chains, [focus]);
};
