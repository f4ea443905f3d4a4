// Cross-Visitation (foot-traffic.md "overlap", "Cross-Visitation"): the share of a base chain's weighted visitors who
// also visited an overlap chain, both memberships counted in the one geography and the selected window of periods.
import { labels } from '@atlas/analytics';
import { MASK_MONTHS } from '../rollups/definitions.js';
import { periodBounds } from './periods.js';
import type { PanelRelations, ViewRunner } from './types.js';

// $1 base chains, $2 overlap chains, $3 geography (country code or DMA id), $4..$5 first and last month of the window
// as month indexes (year × 12 + month − 1). Reads the visitor bitmasks: a device visited a chain in the window when its
// block's mask shares a bit with the window's bits in that block (MASK_MONTHS per block from the data's first month).
// Each visiting device gets one bit per selected chain it visited; devices are then summed by that set of chains (at
// most 2^14 sets), so every overlap is a sum over sets instead of a join of visitors: weighted |A| is the weight of the
// sets holding A, weighted |A ∩ B| of those holding both. Every base × overlap pair gets a row; the overlap is null
// when the base chain has no visitors, and the diagonal is exactly 100 (A ∩ A = A).
const sql = (r: PanelRelations) => `
WITH a AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
b AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
bits AS (SELECT id, CAST(ROW_NUMBER() OVER (ORDER BY id) - 1 AS INTEGER) AS bit FROM (SELECT id FROM a UNION SELECT id FROM b) selected),
bounded AS (
  SELECT r.device_id, r.weight, r.months, bits.bit,
         GREATEST($4::INTEGER - r.first_month_index - r.block * ${MASK_MONTHS}, 0) AS lo,
         LEAST($5::INTEGER - r.first_month_index - r.block * ${MASK_MONTHS}, ${MASK_MONTHS - 1}) AS hi
  FROM ${r.chainVisitors} r JOIN bits ON bits.id = r.chain_id
  WHERE r.country = $3 OR r.dma_id = $3
),
visitors AS (
  SELECT device_id, weight, bit_or(CAST(1 AS BIGINT) << bit) AS chains FROM bounded
  WHERE hi >= lo AND (months & (((CAST(1 AS BIGINT) << (hi - lo + 1)) - 1) << lo)) <> 0
  GROUP BY device_id, weight
),
sets AS (SELECT chains, SUM(weight) AS weight FROM visitors GROUP BY chains),
pairs AS (
  SELECT a.id AS base_id, a.i AS ai, b.id AS overlap_id, b.i AS bi,
         SUM(CASE WHEN (s.chains & (CAST(1 AS BIGINT) << x.bit)) <> 0 THEN s.weight ELSE 0 END) AS total,
         SUM(CASE WHEN (s.chains & (CAST(1 AS BIGINT) << x.bit)) <> 0 AND (s.chains & (CAST(1 AS BIGINT) << y.bit)) <> 0 THEN s.weight ELSE 0 END) AS both_weight
  FROM a JOIN bits x ON x.id = a.id CROSS JOIN b JOIN bits y ON y.id = b.id LEFT JOIN sets s ON TRUE
  GROUP BY a.id, a.i, b.id, b.i
)
SELECT base_id, overlap_id,
       CASE WHEN COALESCE(total, 0) = 0 THEN NULL WHEN base_id = overlap_id THEN 100 ELSE both_weight / total * 100 END::FLOAT8 AS overlap
FROM pairs
ORDER BY ai, bi`;

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
