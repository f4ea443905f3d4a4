// Customer Journey (foot-traffic.md "Customer Journey" and its reading): where the primary chain's (category's) visitors
// were just before and just after, on the same day, as shares of the primary visits that have such a neighbour.
import { CATEGORIES } from '@atlas/analytics';
import { CHART_GROUP_LIMITS, type CustomerJourneyRow } from '@atlas/domain';
import { deviceCount, devicesInWindow, devicesMeeting, maskParams, maskWindows, monthParams, monthWindow } from './devices.js';
import { geographyFields, secondaryTaxonomyFields, taxonomyFields, windowFields } from './fields.js';
import { periodParams, periodsBetween, periodsCte } from './periods.js';
import type { PanelRelations, ViewRunner } from './types.js';

type Level = 'chain' | 'category';

const maskDevices = (r: PanelRelations, primary: Level) => `
dev AS (
  SELECT j.relationship, ${devicesInWindow('j', '$6', '$7')} AS devices FROM ${r.journeyMasks} j
  WHERE j.skip = '${primary}' AND j.taxonomy_id = $1 AND j.geography_id = $2
  GROUP BY j.relationship
)`;

const visitorDevices = (r: PanelRelations, primary: Level) => `
dev AS (
  SELECT j.relationship, ${devicesMeeting('j', '$6', '$7')} AS devices FROM ${r.journeyVisitors} j
  WHERE j.skip = '${primary}' AND j.${primary}_id = $1 AND (j.country = $2 OR j.dma_id = $2)
  GROUP BY j.relationship
)`;

// Reads the journeys rollup (rollups/definitions.ts), whose rows already hold each primary visit's same-day neighbours
// under both skip rules: the primary's level picks the rule (visits of its own chain or category are skipped over) and
// the column of the primary; showTopVisitsBy picks X's column. Levels are chosen in TypeScript, never taken as text.
// $1 primary id, $2 geography, $3..$5 periods of the window (each primary visit normalized by its own period).
// The generator gives every place a chain, so no place is chainless.
// percentage = weight of the primary visits whose neighbour is X ÷ weight of those with a neighbour × 100;
// normalized_visits = the same primary visits' normalized visits (weight × standard days ÷ the days of the visit's own
// period, summed). devices: the distinct devices with a primary visit that has a neighbour of the relationship (the
// shares' base: journeyMasks when the window lies within one mask block (`masks`), else journeyVisitors), $6..$7 the
// window's block and bits (maskWindows), or
// its first and last month index.
const sql = (r: PanelRelations, primary: Level, by: Level, masks: boolean) => `
WITH ${periodsCte(3)},
found AS (
  SELECT r.relationship, r.x_${by} AS x, SUM(r.weighted) AS weighted, SUM(r.weighted * pr.factor) AS normalized
  FROM ${r.journeys} r JOIN pr ON r.month = pr.month
  WHERE r.skip = '${primary}' AND r.${primary}_id = $1 AND (r.country = $2 OR r.dma_id = $2)
  GROUP BY r.relationship, r.x_${by}
),
${masks ? maskDevices(r, primary) : visitorDevices(r, primary)}
SELECT found.relationship, x, (weighted / NULLIF(SUM(weighted) OVER (PARTITION BY found.relationship), 0) * 100)::FLOAT8 AS percentage,
       normalized::FLOAT8 AS normalized_visits, dev.devices
FROM found LEFT JOIN dev ON dev.relationship = found.relationship`;

interface Ranked {
  percentage: number | null;
  secondary_place_taxonomy_value: string;
}

/**
 * The first `limit` rows by percentage descending, then name ascending (code-unit order). Percentages are compared at 12
 * significant digits: equal shares summed in another order differ in the last bits only, and must still tie.
 */
export function topByPercentage<T extends Ranked>(rows: readonly T[], limit: number): T[] {
  const key = (row: T) => (row.percentage === null ? -Infinity : Number(row.percentage.toPrecision(12)));
  return [...rows]
    .sort((a, b) => {
      const byShare = key(b) - key(a);
      if (byShare !== 0) return byShare;
      const x = a.secondary_place_taxonomy_value;
      const y = b.secondary_place_taxonomy_value;
      return x < y ? -1 : x > y ? 1 : 0;
    })
    .slice(0, limit);
}

const categoryIds = new Set(CATEGORIES.map((category) => category.id));
const RELATIONSHIPS = ['before', 'after'] as const;

/** The top 40 places visited before, then the top 40 visited after; X's level is showTopVisitsBy or else the primary's kind. */
export const customerJourney: ViewRunner = async (engine, panel, values, given) => {
  const primaryId = values.primary as string;
  const primary: Level = categoryIds.has(primaryId) ? 'category' : 'chain';
  const by: Level = given.showTopVisitsBy === 'chain' || given.showTopVisitsBy === 'category' ? given.showTopVisitsBy : primary;
  const geographyId = values.geography as string;
  const period = values.analysisPeriod as { granularity: 'monthly' | 'quarterly'; start: string; end: string };
  const periods = periodsBetween(period.granularity, period.start, period.end);
  const months = [monthWindow(periods[0]!.start, periods.at(-1)!.end)];
  const masked = await maskWindows(engine, panel, months);
  const rows = await engine.queryRows(sql(panel, primary, by, masked !== null), [primaryId, geographyId, ...periodParams(periods), ...(masked ? maskParams(masked) : monthParams(months))]);
  const common = {
    ...geographyFields(geographyId),
    ...taxonomyFields(primaryId),
    poi_level_name: by,
    ...windowFields(period.granularity, period.start, period.end),
  };
  return RELATIONSHIPS.flatMap((relationship) => {
    const found = rows
      .filter((row) => row.relationship === relationship)
      .map(
        (row): CustomerJourneyRow => ({
          relationship,
          ...common,
          ...secondaryTaxonomyFields(String(row.x)),
          percentage: row.percentage === null ? null : Number(row.percentage),
          normalized_visits: Number(row.normalized_visits),
          device_count: deviceCount(row.devices),
        }),
      );
    return topByPercentage(found, CHART_GROUP_LIMITS.customerJourney);
  });
};
