// Change in Visits (foot-traffic.md "Change in Visits"): focus vs benchmark normalized visits per geography × chain or category.
import { periodBounds, periodWindow, type ChangeInVisitsRow } from '@atlas/domain';
import { deviceCount, devicesFirstIn, devicesMeeting, monthParams, monthWindow, withinBlocks } from './devices.js';
import { geographyFields, periodFields, taxonomyFields } from './fields.js';
import type { PanelRelations, ViewRunner } from './types.js';

// $1 geographies, $2 taxonomies, $3..$4 focus window, $5..$6 benchmark window, $7 / $8 focus / benchmark normalization factor.
// Reads the monthly rollup. Every selected pair gets a row (cross join + left join); a category matches all its chains;
// the country matches by country. $9..$10 / $11..$12: the focus / benchmark months as month indexes, for the devices
// behind each figure: visitorFirsts, keyed by chain and category alike, when both windows lie within one mask block
// (`masks`); otherwise chainVisitors, the selected categories first resolved to their chains through the places.
const maskDevices = (r: PanelRelations) => `
dev AS (
  SELECT m.geography_id AS gid, m.taxonomy_id AS tid,
         ${devicesFirstIn('m', '$9', '$10')} AS focus_devices, ${devicesFirstIn('m', '$11', '$12')} AS benchmark_devices
  FROM ${r.visitorFirsts} m WHERE m.geography_id IN (SELECT id FROM g) AND m.taxonomy_id IN (SELECT id FROM t)
  GROUP BY m.geography_id, m.taxonomy_id
)`;

const visitorDevices = (r: PanelRelations) => `
tc AS (
  SELECT DISTINCT t.id AS tid, CAST(p.chain_id AS VARCHAR) AS chain_id FROM t JOIN ${r.places} p
  ON t.id = CAST(p.chain_id AS VARCHAR) OR t.id = CAST(p.category_id AS VARCHAR)
),
dev AS (
  SELECT g.id AS gid, tc.tid,
         ${devicesMeeting('cv', '$9', '$10')} AS focus_devices, ${devicesMeeting('cv', '$11', '$12')} AS benchmark_devices
  FROM ${r.chainVisitors} cv JOIN tc ON tc.chain_id = cv.chain_id JOIN g ON g.id = cv.country OR g.id = cv.dma_id
  GROUP BY g.id, tc.tid
)`;

const sql = (r: PanelRelations, masks: boolean) => `
WITH g AS (SELECT unnest($1::VARCHAR[]) AS id, generate_subscripts($1::VARCHAR[], 1) AS i),
t AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
agg AS (
  SELECT g.id AS gid, t.id AS tid,
         SUM(CASE WHEN r.month >= $3::DATE AND r.month < $4::DATE THEN r.weighted * $7::FLOAT8 ELSE 0 END) AS focus,
         SUM(CASE WHEN r.month >= $5::DATE AND r.month < $6::DATE THEN r.weighted * $8::FLOAT8 ELSE 0 END) AS benchmark
  FROM ${r.monthly} r JOIN g ON g.id = r.country OR g.id = r.dma_id JOIN t ON t.id = r.chain_id OR t.id = r.category_id
  WHERE (r.month >= $3::DATE AND r.month < $4::DATE) OR (r.month >= $5::DATE AND r.month < $6::DATE)
  GROUP BY g.id, t.id
),
${masks ? maskDevices(r) : visitorDevices(r)}
SELECT g.id AS geography_id, t.id AS place_taxonomy_id,
       COALESCE(agg.focus, 0)::FLOAT8 AS normalized_visits, COALESCE(agg.benchmark, 0)::FLOAT8 AS benchmark_normalized_visits,
       dev.focus_devices, dev.benchmark_devices
FROM g CROSS JOIN t LEFT JOIN agg ON agg.gid = g.id AND agg.tid = t.id LEFT JOIN dev ON dev.gid = g.id AND dev.tid = t.id
ORDER BY g.i, t.i`;

export const percentChangeByGeography: ViewRunner = async (engine, panel, values) => {
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; focus: string; benchmark: string };
  const focus = periodWindow(period.granularity, period.focus);
  const benchmark = periodWindow(period.granularity, period.benchmark);
  const months = [monthWindow(focus.start, focus.end), monthWindow(benchmark.start, benchmark.end)];
  const rows = await engine.queryRows(sql(panel, await withinBlocks(engine, panel, months)), [
    values.geographies, values.taxonomies,
    focus.start, focus.end, benchmark.start, benchmark.end,
    focus.standardDays / focus.days, benchmark.standardDays / benchmark.days,
    ...monthParams(months),
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
      device_count: deviceCount(row.focus_devices),
      benchmark_device_count: deviceCount(row.benchmark_devices),
    };
  });
};
