// Change in Visits (foot-traffic.md "Change in Visits"): focus vs benchmark normalized visits per geography × chain or category.
import { CATEGORIES, COUNTRY, labels } from '@atlas/analytics';
import type { PanelRelations, ViewRunner } from './types.js';
import { periodWindow } from './periods.js';

// $1 geographies, $2 taxonomies, $3..$4 focus window, $5..$6 benchmark window, $7 / $8 focus / benchmark normalization factor.
// Every selected pair gets a row (cross join + left join); a category matches all its chains; the country matches by `country`.
const sql = (r: PanelRelations) => `
WITH g AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
t AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
vv AS (
  SELECT CAST(p.country AS VARCHAR) AS country, CAST(p.dma_id AS VARCHAR) AS dma_id, CAST(p.chain_id AS VARCHAR) AS chain_id,
         CAST(p.category_id AS VARCHAR) AS category_id, d.weight,
         (v.started_at >= $3::TIMESTAMP AND v.started_at < $4::TIMESTAMP) AS in_focus,
         (v.started_at >= $5::TIMESTAMP AND v.started_at < $6::TIMESTAMP) AS in_benchmark
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id JOIN ${r.panel} d ON d.device_id = v.device_id
  WHERE (v.started_at >= $3::TIMESTAMP AND v.started_at < $4::TIMESTAMP) OR (v.started_at >= $5::TIMESTAMP AND v.started_at < $6::TIMESTAMP)
),
agg AS (
  SELECT g.id AS gid, t.id AS tid,
         SUM(CASE WHEN in_focus THEN weight * $7::DOUBLE ELSE 0 END) AS focus,
         SUM(CASE WHEN in_benchmark THEN weight * $8::DOUBLE ELSE 0 END) AS benchmark
  FROM vv JOIN g ON g.id = vv.country OR g.id = vv.dma_id JOIN t ON t.id = vv.chain_id OR t.id = vv.category_id
  GROUP BY g.id, t.id
)
SELECT g.id AS geography_id, t.id AS place_taxonomy_id,
       COALESCE(agg.focus, 0)::DOUBLE AS normalized_visits, COALESCE(agg.benchmark, 0)::DOUBLE AS benchmark_normalized_visits
FROM g CROSS JOIN t LEFT JOIN agg ON agg.gid = g.id AND agg.tid = t.id
ORDER BY g.i, t.i`;

const categoryIds = new Set(CATEGORIES.map((category) => category.id));

export const percentChangeByGeography: ViewRunner = async (engine, panel, values) => {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; focus: string; benchmark: string };
  const focus = periodWindow(period.granularity, period.focus);
  const benchmark = periodWindow(period.granularity, period.benchmark);
  const rows = await engine.queryRows(sql(panel), [
    values.geographies, values.taxonomies,
    focus.start, focus.end, benchmark.start, benchmark.end,
    focus.standardDays / focus.days, benchmark.standardDays / benchmark.days,
  ]);
  const names = labels();
  return rows.map((row) => {
    const geographyId = String(row.geography_id);
    const taxonomyId = String(row.place_taxonomy_id);
    const focusValue = Number(row.normalized_visits);
    const benchmarkValue = Number(row.benchmark_normalized_visits);
    return {
      geography_type: geographyId === COUNTRY.id ? 'country' : 'dma',
      geography_id: geographyId,
      geography_value: names.GEOGRAPHY[geographyId] ?? geographyId,
      place_taxonomy_type: categoryIds.has(taxonomyId) ? 'category' : 'chain',
      place_taxonomy_id: taxonomyId,
      place_taxonomy_value: names.PLACE_TAXONOMY[taxonomyId] ?? taxonomyId,
      period_type: period.granularity,
      period_value: period.focus,
      benchmark_period_value: period.benchmark,
      normalized_visits: focusValue,
      benchmark_normalized_visits: benchmarkValue,
      percent_change: benchmarkValue === 0 ? null : ((focusValue - benchmarkValue) / benchmarkValue) * 100,
    };
  });
};
