// Visitation Trends (foot-traffic.md "Visitation Trends", "Indexed Foot Traffic"): chains of one DMA over a window of months.
import { labels } from '@atlas/analytics';
import { DAYPARTS } from '@atlas/domain';
import { badRequest } from '../../../http/errors.js';
import { MONTH, periodBounds, periodWindow } from './periods.js';
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

// $1 dma, $2 chains, $3..$4 half-open window: the selected chains' visits at places of the DMA.
const scoped = (r: PanelRelations) => `
c AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
vv AS (
  SELECT CAST(p.chain_id AS VARCHAR) AS chain_id, d.weight, v.started_at, v.dwell_minutes
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id JOIN ${r.panel} d ON d.device_id = v.device_id
  WHERE CAST(p.dma_id AS VARCHAR) = $1 AND CAST(p.chain_id AS VARCHAR) IN (SELECT id FROM c)
    AND v.started_at >= $3::TIMESTAMP AND v.started_at < $4::TIMESTAMP
)`;

const daypartSql = (r: PanelRelations) => `
WITH ${scoped(r)},
dv AS (
  SELECT chain_id, weight,
         CASE WHEN hour(started_at) BETWEEN 5 AND 11 THEN 'Morning' WHEN hour(started_at) BETWEEN 12 AND 16 THEN 'Afternoon' ELSE 'Evening' END AS share_name
  FROM vv
),
parts AS (SELECT unnest($5::VARCHAR[]) AS share_name, generate_subscripts($5::VARCHAR[], 1) AS k),
totals AS (SELECT chain_id, SUM(weight) AS total FROM dv GROUP BY chain_id),
agg AS (SELECT chain_id, share_name, SUM(weight) AS part FROM dv GROUP BY chain_id, share_name)
SELECT c.id AS place_taxonomy_id, parts.share_name,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL ELSE COALESCE(agg.part, 0) / totals.total * 100 END::DOUBLE AS "shareOfNormalizedVisits"
FROM c CROSS JOIN parts LEFT JOIN totals ON totals.chain_id = c.id LEFT JOIN agg ON agg.chain_id = c.id AND agg.share_name = parts.share_name
ORDER BY c.i, parts.k`;

const dwellSql = (r: PanelRelations) => `
WITH ${scoped(r)}
SELECT c.id AS place_taxonomy_id, quantile_cont(vv.dwell_minutes, 0.5)::DOUBLE AS "medianDwellTimeMinutes",
       avg(vv.dwell_minutes)::DOUBLE AS average_dwell_time_minutes
FROM c LEFT JOIN vv ON vv.chain_id = c.id
GROUP BY c.id, c.i ORDER BY c.i`;

// Months of the window that lie within the data's span (first to last visit month of the whole visits table).
const indexedSql = (r: PanelRelations) => `
WITH ${scoped(r)},
span AS (SELECT date_trunc('month', min(started_at))::DATE AS first, date_trunc('month', max(started_at))::DATE AS last FROM ${r.visits}),
m AS (
  SELECT g.month::DATE AS month FROM span, generate_series($3::TIMESTAMP, $4::TIMESTAMP - INTERVAL 1 MONTH, INTERVAL 1 MONTH) AS g(month)
  WHERE g.month::DATE BETWEEN span.first AND span.last
),
agg AS (SELECT chain_id, date_trunc('month', started_at)::DATE AS month, SUM(weight) AS weighted, COUNT(*) AS raw FROM vv GROUP BY 1, 2),
series AS (
  SELECT c.id, c.i, m.month,
         COALESCE(agg.weighted, 0) * 30.0 / date_diff('day', m.month, (m.month + INTERVAL 1 MONTH)::DATE) AS normalized_visits,
         COALESCE(agg.raw, 0) AS raw_visits
  FROM c CROSS JOIN m LEFT JOIN agg ON agg.chain_id = c.id AND agg.month = m.month
)
SELECT id AS place_taxonomy_id, strftime(month, '%Y-%m') AS period_value, normalized_visits::DOUBLE AS normalized_visits, raw_visits,
       first_value(normalized_visits) OVER (PARTITION BY id ORDER BY month)::DOUBLE AS first_value
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
    return {
      ...geography,
      ...taxonomy(String(row.place_taxonomy_id)),
      period_type: 'monthly',
      period_value: row.period_value,
      period_epoch_ms: periodBounds('monthly', String(row.period_value)).startMs,
      normalized_visits: value,
      raw_visits: Number(row.raw_visits),
      norm_visits_pct_chg_vs_first: first === 0 ? null : (value / first - 1) * 100,
    };
  });
};
