// Visitation Trends (foot-traffic.md "Visitation Trends", "Indexed Foot Traffic"): chains of one DMA over a window of months.
import { labels } from '@atlas/analytics';
import { DAYPARTS } from '@atlas/domain';
import { badRequest } from '../../../http/errors.js';
import { MONTH, periodOfDay, periodWindow } from './periods.js';
import type { PanelRelations, ViewRunner } from './types.js';

interface Scope {
  dma: string;
  chains: string[];
  startMonth: string;
  endMonth: string;
  start: string;
  end: string;
}

/**
 * The months the views cover: startPeriod..endPeriod as the hidden parameters say, each one falling back to the
 * period parameter's start or end when absent (the query bar keeps them in step).
 */
function scope(values: Record<string, unknown>, explicit: Record<string, unknown>): Scope {
  const period = values.period as { start: string; end: string };
  const startMonth = explicit.startPeriod !== undefined ? values.startPeriod : period.start;
  const endMonth = explicit.endPeriod !== undefined ? values.endPeriod : period.end;
  for (const [id, month] of [['startPeriod', startMonth], ['endPeriod', endMonth]] as const)
    if (typeof month !== 'string' || !MONTH.test(month)) throw badRequest(`${id}: not a monthly period`, `${id} must be YYYY-MM`);
  if ((startMonth as string) > (endMonth as string)) throw badRequest('startPeriod: the start comes after the end', 'startPeriod must not come after endPeriod');
  return {
    dma: values.dma as string,
    chains: values.chains as string[],
    startMonth: startMonth as string,
    endMonth: endMonth as string,
    start: periodWindow('monthly', startMonth as string).start,
    end: periodWindow('monthly', endMonth as string).end,
  };
}

// $1 dma, $2 chains, $3..$4 half-open window of months: the rows of a rollup for the selected chains at the DMA's places.
const scoped = (relation: string) => `
c AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
vv AS (SELECT * FROM ${relation} WHERE dma_id = $1 AND chain_id IN (SELECT id FROM c) AND month >= $3::DATE AND month < $4::DATE)`;

const daypartSql = (r: PanelRelations) => `
WITH ${scoped(r.monthlyDayparts)},
parts AS (SELECT unnest($5::VARCHAR[]) AS share_name, generate_subscripts($5::VARCHAR[], 1) AS k),
totals AS (SELECT chain_id, SUM(weighted) AS total FROM vv GROUP BY chain_id),
agg AS (SELECT chain_id, share_name, SUM(weighted) AS part FROM vv GROUP BY chain_id, share_name)
SELECT c.id AS place_taxonomy_id, parts.share_name,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL ELSE COALESCE(agg.part, 0) / totals.total * 100 END::FLOAT8 AS "shareOfNormalizedVisits"
FROM c CROSS JOIN parts LEFT JOIN totals ON totals.chain_id = c.id LEFT JOIN agg ON agg.chain_id = c.id AND agg.share_name = parts.share_name
ORDER BY c.i, parts.k`;

// The continuous median from distinct dwell values and their counts: the values at 1-based positions ⌊(N+1)/2⌋ and
// ⌊N/2⌋+1 of the sorted visits (the same one when N is odd), averaged; a position's value is the first whose running
// count reaches it.
const dwellSql = (r: PanelRelations) => `
WITH ${scoped(r.monthlyDwell)},
d AS (SELECT chain_id, dwell_minutes, SUM(visits) AS n FROM vv GROUP BY chain_id, dwell_minutes),
running AS (
  SELECT chain_id, dwell_minutes, n,
         SUM(n) OVER (PARTITION BY chain_id ORDER BY dwell_minutes ROWS UNBOUNDED PRECEDING) AS upto,
         SUM(n) OVER (PARTITION BY chain_id) AS total
  FROM d
),
stats AS (
  SELECT chain_id,
         MIN(CASE WHEN upto >= (total + 1 - (total + 1) % 2) / 2 THEN dwell_minutes END) AS low,
         MIN(CASE WHEN upto >= (total - total % 2) / 2 + 1 THEN dwell_minutes END) AS high,
         SUM(dwell_minutes * n) / SUM(n) AS mean
  FROM running GROUP BY chain_id
)
SELECT c.id AS place_taxonomy_id, ((stats.low + stats.high) / 2)::FLOAT8 AS "medianDwellTimeMinutes", stats.mean::FLOAT8 AS average_dwell_time_minutes
FROM c LEFT JOIN stats ON stats.chain_id = c.id
ORDER BY c.i`;

// Months of the window that lie within the data's span (first to last visit month of the whole panel).
const indexedSql = (r: PanelRelations) => `
WITH ${scoped(r.monthly)},
span AS (SELECT MIN(month) AS first, MAX(month) AS last FROM ${r.monthly}),
m AS (
  SELECT g.month::DATE AS month FROM span, generate_series($3::TIMESTAMP, $4::TIMESTAMP - INTERVAL '1 month', INTERVAL '1 month') AS g(month)
  WHERE g.month::DATE BETWEEN span.first AND span.last
),
agg AS (SELECT chain_id, month, SUM(weighted) AS weighted, SUM(visits) AS raw FROM vv GROUP BY chain_id, month),
series AS (
  SELECT c.id, c.i, m.month,
         COALESCE(agg.weighted, 0) * 30 / ((m.month + INTERVAL '1 month')::DATE - m.month)::FLOAT8 AS normalized_visits,
         COALESCE(agg.raw, 0) AS raw_visits
  FROM c CROSS JOIN m LEFT JOIN agg ON agg.chain_id = c.id AND agg.month = m.month
)
SELECT id AS place_taxonomy_id, CAST(month AS VARCHAR) AS period_day, normalized_visits::FLOAT8 AS normalized_visits, raw_visits,
       first_value(normalized_visits) OVER (PARTITION BY id ORDER BY month)::FLOAT8 AS first_value
FROM series ORDER BY i, month`;

const taxonomy = (id: string) => ({ place_taxonomy_id: id, place_taxonomy_value: labels().PLACE_TAXONOMY[id] ?? id });
const params = (s: Scope) => [s.dma, s.chains, s.start, s.end];

export const visitShareByDaypart: ViewRunner = async (engine, panel, values, explicit) => {
  const rows = await engine.queryRows(daypartSql(panel), [...params(scope(values, explicit)), [...DAYPARTS]]);
  return rows.map((row) => ({ ...taxonomy(String(row.place_taxonomy_id)), share_name: row.share_name, shareOfNormalizedVisits: row.shareOfNormalizedVisits }));
};

export const medianDwellTime: ViewRunner = async (engine, panel, values, explicit) => {
  const rows = await engine.queryRows(dwellSql(panel), params(scope(values, explicit)));
  return rows.map((row) => ({
    ...taxonomy(String(row.place_taxonomy_id)),
    medianDwellTimeMinutes: row.medianDwellTimeMinutes,
    average_dwell_time_minutes: row.average_dwell_time_minutes,
  }));
};

export const indexedFootTraffic: ViewRunner = async (engine, panel, values, explicit) => {
  const s = scope(values, explicit);
  const rows = await engine.queryRows(indexedSql(panel), params(s));
  const geography = { geography_type: 'dma', geography_id: s.dma, geography_value: labels().GEOGRAPHY[s.dma] ?? s.dma };
  return rows.map((row) => {
    const value = Number(row.normalized_visits);
    const first = Number(row.first_value);
    const period = periodOfDay('monthly', String(row.period_day));
    return {
      ...geography,
      ...taxonomy(String(row.place_taxonomy_id)),
      period_type: 'monthly',
      period_value: period.value,
      period_epoch_ms: period.epochMs,
      normalized_visits: value,
      raw_visits: Number(row.raw_visits),
      norm_visits_pct_chg_vs_first: first === 0 ? null : (value / first - 1) * 100,
    };
  });
};
