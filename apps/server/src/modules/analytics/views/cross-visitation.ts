// Cross-Visitation (foot-traffic.md "overlap", "Cross-Visitation"): the share of a base chain's weighted visitors who
// also visited an overlap chain, both memberships counted in the one geography and the selected window of periods.
import { labels } from '@atlas/analytics';
import { MASK_MONTHS } from '../rollups/definitions.js';
import { periodBounds } from './periods.js';
import type { PanelRelations, ViewRunner } from './types.js';

// $1 base chains, $2 overlap chains, $3 geography (country code or DMA id), $4..$5 first and last month of the window
// as month indexes (year × 12 + month − 1). Reads the visitor bitmasks: a device visited a chain in the window when its
// block's mask shares a bit with the window's bits in that block (MASK_MONTHS per block from the data's first month).
// visitors: distinct (chain, device) pairs, so each device's weight is summed once per chain; every base × overlap pair
// gets a row (cross join + left joins) and the overlap is null when the base chain has no visitors. The diagonal is
// exactly 100 (A ∩ A = A): parallel sums would otherwise differ from the total in the last bits.
const sql = (r: PanelRelations) => `
WITH a AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
b AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
bounded AS (
  SELECT chain_id, device_id, weight, months,
         GREATEST($4::INTEGER - first_month_index - block * ${MASK_MONTHS}, 0) AS lo,
         LEAST($5::INTEGER - first_month_index - block * ${MASK_MONTHS}, ${MASK_MONTHS - 1}) AS hi
  FROM ${r.chainVisitors}
  WHERE (country = $3 OR dma_id = $3) AND (chain_id IN (SELECT id FROM a) OR chain_id IN (SELECT id FROM b))
),
visitors AS (
  SELECT DISTINCT chain_id, device_id, weight FROM bounded
  WHERE hi >= lo AND (months & (((CAST(1 AS BIGINT) << (hi - lo + 1)) - 1) << lo)) <> 0
),
totals AS (SELECT chain_id, SUM(weight) AS total FROM visitors GROUP BY chain_id),
shared AS (
  SELECT x.chain_id AS base_id, y.chain_id AS overlap_id, SUM(x.weight) AS both_weight
  FROM visitors x JOIN visitors y ON y.device_id = x.device_id
  GROUP BY x.chain_id, y.chain_id
)
SELECT a.id AS base_id, b.id AS overlap_id,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL WHEN a.id = b.id THEN 100
            ELSE COALESCE(shared.both_weight, 0) / totals.total * 100 END::FLOAT8 AS overlap
FROM a CROSS JOIN b LEFT JOIN totals ON totals.chain_id = a.id LEFT JOIN shared ON shared.base_id = a.id AND shared.overlap_id = b.id
ORDER BY a.i, b.i`;

async function overlaps(engine: Parameters<ViewRunner>[0], panel: PanelRelations, values: Record<string, unknown>, bases: string[], others: string[]) {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; start: string; end: string };
  const first = new Date(periodBounds(period.granularity, period.start).startMs);
  const next = new Date(periodBounds(period.granularity, period.end).endMs);
  const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  const rows = await engine.queryRows(sql(panel), [bases, others, values.geography, monthIndex(first), monthIndex(next) - 1]);
  const names = labels().PLACE_TAXONOMY;
  return rows.map((row) => {
    const base = String(row.base_id);
    const other = String(row.overlap_id);
    return {
      place_taxonomy_id: base,
      place_taxonomy_value: names[base] ?? base,
      secondary_place_taxonomy_id: other,
      secondary_place_taxonomy_value: names[other] ?? other,
      overlap: row.overlap === null ? null : Number(row.overlap),
    };
  });
}

/** The heatmap: every selected chain as base (rows) by every selected chain as overlap (columns), diagonal included. */
export const overlapHeatmap: ViewRunner = (engine, panel, values) => {
  const chains = values.chains as string[];
  return overlaps(engine, panel, values, chains, chains);
};

/** The bars: overlap(A, focus) for every selected base chain A; the focus chain defaults to the first selected chain. */
export const focusChainOverlap: ViewRunner = (engine, panel, values, given) => {
  const chains = values.chains as string[];
  const focus = typeof given.focusChain === 'string' && given.focusChain !== '' ? given.focusChain : chains[0]!;
  return overlaps(engine, panel, values, chains, [focus]);
};
