// Change in Visits (foot-traffic.md "Change in Visits"): focus vs benchmark normalized visits per geography × chain or category.
import { periodBounds, periodWindow, type ChangeInVisitsRow } from '@atlas/domain';
import { geographyFields, periodFields, taxonomyFields } from './fields.js';
import type { PanelRelations, ViewRunner } from './types.js';

// $1 geographies, $2 taxonomies, $3..$4 focus window, $5..$6 benchmark window, $7 / $8 focus / benchmark normalization factor.
// Reads the monthly rollup. Every selected pair gets a row (cross join + left join); a category matches all its chains;
// the country matches by country.
const sql = (r: PanelRelations) => `
WITH g AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
t AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
agg AS (
  SELECT g.id AS gid, t.id AS tid,
         SUM(CASE WHEN r.month >= $3::DATE AND r.month < $4::DATE THEN r.weighted * $7::FLOAT8 ELSE 0 END) AS focus,
         SUM(CASE WHEN r.month >= $5::DATE AND r.month < $6::DATE THEN r.weighted * $8::FLOAT8 ELSE 0 END) AS benchmark
  FROM ${r.monthly} r JOIN g ON g.id = r.country OR g.id = r.dma_id JOIN t ON t.id = r.chain_id OR t.id = r.category_id
  WHERE (r.month >= $3::DATE AND r.month < $4::DATE) OR (r.month >= $5::DATE AND r.month < $6::DATE)
  GROUP BY g.id, t.id
)
SELECT g.id AS geography_id, t.id AS place_taxonomy_id,
       COALESCE(agg.focus, 0)::FLOAT8 AS normalized_visits, COALESCE(agg.benchmark, 0)::FLOAT8 AS benchmark_normalized_visits
FROM g CROSS JOIN t LEFT JOIN agg ON agg.gid = g.id AND agg.tid = t.id
ORDER BY g.i, t.i`;

export const percentChangeByGeography: ViewRunner = async (engine, panel, values) => {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; focus: string; benchmark: string };
  const focus = periodWindow(period.granularity, period.focus);
  const benchmark = periodWindow(period.granularity, period.benchmark);
  const rows = await engine.queryRows(sql(panel), [
    values.geographies, values.taxonomies,
    focus.start, focus.end, benchmark.start, benchmark.end,
    focus.standardDays / focus.days, benchmark.standardDays / benchmark.days,
  ]);
  return rows.map((row): ChangeInVisitsRow => {
    const focusValue = Number(row.normalized_visits);
    const benchmarkValue = Number(row.benchmark_normalized_visits);
    return {
      ...geographyFields(String(row.geography_id)),
      ...taxonomyFields(String(row.place_taxonomy_id)),
      ...periodFields(period.granularity, period.focus),
      benchmark_period_value: period.benchmark,
      benchmark_period_epoch_ms: periodBounds(period.granularity, period.benchmark).startMs,
      normalized_visits: focusValue,
      benchmark_normalized_visits: benchmarkValue,
      percent_change: benchmarkValue === 0 ? null : ((focusValue - benchmarkValue) / benchmarkValue) * 100,
    };
  });
};
