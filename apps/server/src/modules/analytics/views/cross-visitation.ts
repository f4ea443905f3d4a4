// Cross-Visitation (foot-traffic.md "overlap", "Cross-Visitation"): the share of a base chain's weighted visitors who
// also visited an overlap chain, both memberships counted in the one geography and the selected window of periods.
import { labels } from '@atlas/analytics';
import { periodBounds } from './periods.js';
import type { PanelRelations, ViewRunner } from './types.js';

// $1 base chains, $2 overlap chains, $3 geography (country code or DMA id), $4..$5 half-open window.
// visitors: distinct (chain, device) pairs, so each device's weight is summed once per chain; every base × overlap pair
// gets a row (cross join + left joins) and the overlap is null when the base chain has no visitors. The diagonal is
// exactly 100 (A ∩ A = A): parallel sums would otherwise differ from the total in the last bits.
const sql = (r: PanelRelations) => `
WITH a AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
b AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
visitors AS (
  SELECT DISTINCT CAST(p.chain_id AS VARCHAR) AS chain_id, v.device_id
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id
  WHERE (CAST(p.country AS VARCHAR) = $3 OR CAST(p.dma_id AS VARCHAR) = $3)
    AND (CAST(p.chain_id AS VARCHAR) IN (SELECT id FROM a) OR CAST(p.chain_id AS VARCHAR) IN (SELECT id FROM b))
    AND v.started_at >= $4::TIMESTAMP AND v.started_at < $5::TIMESTAMP
),
weighted AS (SELECT s.chain_id, s.device_id, d.weight FROM visitors s JOIN ${r.panel} d ON d.device_id = s.device_id),
totals AS (SELECT chain_id, SUM(weight) AS total FROM weighted GROUP BY chain_id),
shared AS (
  SELECT x.chain_id AS base_id, y.chain_id AS overlap_id, SUM(x.weight) AS both_weight
  FROM weighted x JOIN visitors y ON y.device_id = x.device_id
  GROUP BY x.chain_id, y.chain_id
)
SELECT a.id AS base_id, b.id AS overlap_id,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL WHEN a.id = b.id THEN 100
            ELSE COALESCE(shared.both_weight, 0) / totals.total * 100 END::DOUBLE AS overlap
FROM a CROSS JOIN b LEFT JOIN totals ON totals.chain_id = a.id LEFT JOIN shared ON shared.base_id = a.id AND shared.overlap_id = b.id
ORDER BY a.i, b.i`;

async function overlaps(engine: Parameters<ViewRunner>[0], panel: PanelRelations, values: Record<string, unknown>, bases: string[], others: string[]) {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; start: string; end: string };
  const start = new Date(periodBounds(period.granularity, period.start).startMs).toISOString().slice(0, 10);
  const end = new Date(periodBounds(period.granularity, period.end).endMs).toISOString().slice(0, 10);
  const rows = await engine.queryRows(sql(panel), [bases, others, values.geography, start, end]);
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
