// Indexed Foot Traffic (foot-traffic.md "Indexed Foot Traffic"): one series per geography × chain, daily as trailing
// 7-day means of daily normalized visits or monthly normalized visits, indexed to the first period of the range.
import { DAY_MS, isoDay, periodBounds, periodOfDay, type IndexedFootTrafficRow } from '@atlas/domain';
import { Params } from '../../../store/params.js';
import { monthIndex } from '../rollups/definitions.js';
import { deviceCount, devicesFirstIn } from './devices.js';
import { geographyFields, periodFields, taxonomyFields } from './fields.js';
import type { PanelRelations, ViewRunner } from './types.js';

type Granularity = 'daily' | 'monthly';
/** SQL lists of parameters: the series' distinct chains and geographies. */
interface Keys { chains: string; geographies: string }
export interface Pair { geography: string; chain: string }
export interface IndexedPeriod { granularity: Granularity; start: string; end: string }

// Trusted SQL fragments per granularity (never user input).
const UNIT = { daily: 'day', monthly: 'month' } as const;
/** The rollup of each granularity: its time column is named like the unit. */
const SOURCE = { daily: (r: PanelRelations) => r.daily, monthly: (r: PanelRelations) => r.monthly } as const;
const NORMALIZED = {
  daily: 'COALESCE(agg.weighted, 0)',
  monthly: "COALESCE(agg.weighted, 0) * 30 / ((periods.period + INTERVAL '1 month')::DATE - periods.period)::FLOAT8",
} as const;
const VALUE = { daily: 'avg(normalized) OVER (PARTITION BY i ORDER BY period ROWS BETWEEN 6 PRECEDING AND CURRENT ROW)', monthly: 'normalized' } as const;

// The devices behind each value. Daily: the distinct devices of the days D−6..D the mean covers, from dayDevices
// (d0(D) + d1(D−1) + … + d6(D−6), rollups/definitions.ts). Monthly: the month's distinct devices, from visitorFirsts
// (a single month never crosses a mask block; every device visiting in the month has a row of that month). `keys`
// are the SQL lists of the series' chains and geographies (both rollups are sorted by them).
const DEVICES = {
  daily: (r: PanelRelations, keys: Keys) => `
devices AS (
  SELECT pairs.i, periods.period, SUM(CASE o.k ${Array.from({ length: 7 }, (_, k) => `WHEN ${k} THEN dd.d${k}`).join(' ')} END) AS devices
  FROM pairs CROSS JOIN periods CROSS JOIN generate_series(0, 6) AS o(k)
  JOIN ${r.dayDevices} dd ON dd.chain_id = pairs.cid AND dd.geography_id = pairs.gid AND dd.day = periods.period - CAST(o.k AS INTEGER)
  WHERE dd.chain_id IN (${keys.chains}) AND dd.geography_id IN (${keys.geographies}) AND dd.day >= $3::DATE AND dd.day < $4::DATE
  GROUP BY pairs.i, periods.period
)`,
  monthly: (r: PanelRelations, keys: Keys) => `
devices AS (
  SELECT pairs.i, periods.period, ${devicesFirstIn('m', monthIndex('periods.period'), monthIndex('periods.period'))} AS devices
  FROM pairs JOIN ${r.visitorFirsts} m ON m.taxonomy_id = pairs.cid AND m.geography_id = pairs.gid CROSS JOIN periods
  WHERE m.taxonomy_id IN (${keys.chains}) AND m.geography_id IN (${keys.geographies})
  GROUP BY pairs.i, periods.period
)`,
} as const;

// Reads the daily or monthly rollup. $1 geographies, $2 chains (zipped into the series), $3..$4 half-open window of
// days read (daily: six days before the range start too), $5 first period shown, then each distinct chain and each
// distinct geography a parameter (`keys`; the query bar requires at least one series). Periods are those of the window
// within the data span (first to last visit day of the whole panel); periods without visits count as 0, so the 7-day
// mean near the span start covers fewer days.
const sql = (r: PanelRelations, g: Granularity, keys: Keys) => `
WITH pairs AS (SELECT unnest($1::VARCHAR[]) AS gid, unnest($2::VARCHAR[]) AS cid, generate_subscripts($1::VARCHAR[], 1) AS i),
span AS (
  SELECT CAST(date_trunc('${UNIT[g]}', MIN(${UNIT[g]})) AS DATE) AS first, CAST(date_trunc('${UNIT[g]}', MAX(${UNIT[g]})) AS DATE) AS last FROM ${SOURCE[g](r)}
),
periods AS (
  SELECT s.p::DATE AS period FROM span, generate_series($3::TIMESTAMP, $4::TIMESTAMP - INTERVAL '1 ${UNIT[g]}', INTERVAL '1 ${UNIT[g]}') AS s(p)
  WHERE s.p::DATE BETWEEN span.first AND span.last
),
agg AS (
  SELECT pairs.i, r.${UNIT[g]} AS period, SUM(r.weighted) AS weighted, SUM(r.visits) AS raw
  FROM ${SOURCE[g](r)} r JOIN pairs ON (pairs.gid = r.country OR pairs.gid = r.dma_id) AND pairs.cid = r.chain_id
  WHERE r.${UNIT[g]} >= $3::DATE AND r.${UNIT[g]} < $4::DATE AND r.chain_id IN (${keys.chains})
  GROUP BY 1, 2
),
series AS (
  SELECT pairs.i, periods.period, ${NORMALIZED[g]} AS normalized, COALESCE(agg.raw, 0) AS raw
  FROM pairs CROSS JOIN periods LEFT JOIN agg ON agg.i = pairs.i AND agg.period = periods.period
),
valued AS (SELECT *, ${VALUE[g]} AS value FROM series),${DEVICES[g](r, keys)}
SELECT valued.i, CAST(valued.period - DATE '1970-01-01' AS INTEGER) AS period_epoch_day, value::FLOAT8 AS normalized_visits,
       raw AS raw_visits, (first_value(value) OVER (PARTITION BY valued.i ORDER BY valued.period))::FLOAT8 AS first_value, devices.devices
FROM valued LEFT JOIN devices ON devices.i = valued.i AND devices.period = valued.period
WHERE valued.period >= $5::DATE
ORDER BY valued.i, valued.period`;

/**
 * The indexed series of the given geography × chain pairs over the period's range (duplicates dropped, first
 * occurrence kept: one line per group). Also Visitation Trends' indexed subview.
 */
export async function indexedSeries(engine: Parameters<ViewRunner>[0], panel: PanelRelations, period: IndexedPeriod, wanted: Pair[]) {
  const pairs = wanted.filter((pair, k) => wanted.findIndex((other) => other.geography === pair.geography && other.chain === pair.chain) === k);
  const g = period.granularity;
  const window =
    g === 'daily'
      ? { shown: period.start, start: isoDay(periodBounds(g, period.start).startMs - 6 * DAY_MS), end: isoDay(periodBounds(g, period.end).endMs) }
      : { shown: `${period.start}-01`, start: `${period.start}-01`, end: isoDay(periodBounds(g, period.end).endMs) };
  const params = new Params([pairs.map((p) => p.geography), pairs.map((p) => p.chain), window.start, window.end, window.shown]);
  // Each distinct chain and geography a parameter of its own: the engine then skips the row groups of other chains in
  // the sorted rollups, which it does not for a list unnested in a subquery.
  const list = (values: string[]) => [...new Set(values)].map((value) => params.add(value)).join(', ');
  const keys = { chains: list(pairs.map((p) => p.chain)), geographies: list(pairs.map((p) => p.geography)) };
  const rows = await engine.queryRows(sql(panel, g, keys), params.values);
  // A daily series over the whole panel is some 14,000 rows of 1,100 days: each series' and each day's fields are
  // worked out once, and every row is written field by field (spreading them into each row took most of its time).
  // Rows name their series by number (1-based, as `pairs` numbers them) and their day as days since 1970: reading
  // three strings a row back from the engine cost more than the rest of the rows.
  const series = pairs.map((pair) => seriesFields(pair.geography, pair.chain));
  const days = new Map<number, ReturnType<typeof periodFields>>();
  return rows.map((row): IndexedFootTrafficRow => {
    const s = series[Number(row.i) - 1]!;
    const day = Number(row.period_epoch_day);
    const p = days.get(day) ?? days.set(day, periodFields(g, periodOfDay(g, isoDay(day * DAY_MS)).value)).get(day)!;
    const value = Number(row.normalized_visits);
    const first = Number(row.first_value);
    return {
      geography_type: s.geography_type,
      geography_value: s.geography_value,
      geography_id: s.geography_id,
      place_taxonomy_type: s.place_taxonomy_type,
      place_taxonomy_value: s.place_taxonomy_value,
      place_taxonomy_id: s.place_taxonomy_id,
      period_type: p.period_type,
      period_value: p.period_value,
      period_epoch_ms: p.period_epoch_ms,
      normalized_visits: value,
      raw_visits: Number(row.raw_visits),
      norm_visits_pct_chg_vs_first: first === 0 ? null : (value / first - 1) * 100,
      device_count: deviceCount(row.devices),
    };
  });
}

const seriesFields = (geography: string, chain: string) => ({ ...geographyFields(geography), ...taxonomyFields(chain) });

const chainsInGeographyPairs = (values: Record<string, unknown>): Pair[] =>
  (values.chains as string[]).map((chain) => ({ geography: values.geography as string, chain }));
const chainAcrossGeographiesPairs = (values: Record<string, unknown>): Pair[] =>
  (values.geographies as string[]).map((geography) => ({ geography, chain: values.chain as string }));

/** Chart "chains-in-geography": the selected chains within the one geography (at most 7 lines). */
const analysisPeriod = (values: Record<string, unknown>) => values.analysisPeriod as IndexedPeriod;

export const chainsInGeography: ViewRunner = (engine, panel, values) => indexedSeries(engine, panel, analysisPeriod(values), chainsInGeographyPairs(values));

/** Chart "chain-across-geographies": the one chain in each selected geography (at most 7 of the 20 line groups). */
export const chainAcrossGeographies: ViewRunner = (engine, panel, values) =>
  indexedSeries(engine, panel, analysisPeriod(values), chainAcrossGeographiesPairs(values));

/** The view as a whole: the series of both charts, each geography × chain once. */
export const indexedFootTrafficView: ViewRunner = (engine, panel, values) =>
  indexedSeries(engine, panel, analysisPeriod(values), [...chainsInGeographyPairs(values), ...chainAcrossGeographiesPairs(values)]);
