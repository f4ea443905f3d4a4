// Visitation Trends (foot-traffic.md "Visitation Trends", "Indexed Foot Traffic"): chains of one DMA; daypart shares and
// dwell over the months of Period, the indexed subview over the hidden start and end periods (monthly or daily).
import { DAYPARTS, granularityOf, periodWindow, type DaypartShareRow, type DwellTimeRow } from '@atlas/domain';
import { chainDevicesCte, deviceCount, monthParams, monthWindow, withinBlocks } from './devices.js';
import { geographyFields, taxonomyFields, windowFields } from './fields.js';
import { badRequest } from '../../../http/errors.js';
import { indexedSeries, type IndexedPeriod } from './indexed-foot-traffic.js';
import type { PanelRelations, SqlRunner, ViewRunner } from './types.js';

interface Scope {
  dma: string;
  chains: string[];
  start: string;
  end: string;
  /** The identifying fields of every row: the DMA and the months of Period. */
  common: ReturnType<typeof geographyFields> & ReturnType<typeof windowFields>;
}

/** Daypart shares and median dwell cover the months of Period (the hidden start and end periods do not reach them). */
function scope(values: Record<string, unknown>): Scope {
  const period = values.period as { start: string; end: string };
  return {
    dma: values.dma as string,
    chains: values.chains as string[],
    start: periodWindow('monthly', period.start).start,
    end: periodWindow('monthly', period.end).end,
    common: { ...geographyFields(values.dma as string), ...windowFields('monthly', period.start, period.end) },
  };
}

/**
 * The range of the indexed subview: startPeriod..endPeriod as the hidden parameters say, each falling back to Period's
 * start or end when absent (the query bar keeps them in step). Both monthly, or both daily (7-day rolling values).
 */
export function indexedRange(values: Record<string, unknown>, given: Record<string, unknown>): IndexedPeriod {
  const period = values.period as { start: string; end: string };
  const start = given.startPeriod !== undefined ? values.startPeriod : period.start;
  const end = given.endPeriod !== undefined ? values.endPeriod : period.end;
  const granularity = typeof start === 'string' ? granularityOf(start) : null;
  if (granularity !== 'monthly' && granularity !== 'daily')
    throw badRequest('startPeriod: not a monthly or daily period', 'startPeriod must be YYYY-MM or YYYY-MM-DD');
  if (typeof end !== 'string' || granularityOf(end) !== granularity)
    throw badRequest(`endPeriod: not a ${granularity} period`, `endPeriod must be written like startPeriod (${granularity})`);
  if ((start as string) > end) throw badRequest('startPeriod: the start comes after the end', 'startPeriod must not come after endPeriod');
  return { granularity, start: start as string, end };
}

// $1 dma, $2 chains, $3..$4 half-open window of months, $5..$6 its month indexes: the rows of a rollup for the selected
// chains at the DMA's places, and the devices behind each chain's figures there (its visitors in the window: the base
// of its daypart shares, the visits of its dwell times; `masks`: the window lies within one mask block).
const scoped = (r: PanelRelations, relation: string, masks: boolean) => `
c AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
vv AS (SELECT * FROM ${relation} WHERE dma_id = $1 AND chain_id IN (SELECT id FROM c) AND month >= $3::DATE AND month < $4::DATE),
${chainDevicesCte(r, masks, '$1', '$5', '$6')}`;

const daypartSql = (r: PanelRelations, masks: boolean) => `
WITH ${scoped(r, r.monthlyDayparts, masks)},
parts AS (SELECT unnest($7::VARCHAR[]) AS share_name, generate_subscripts($7::VARCHAR[], 1) AS k),
totals AS (SELECT chain_id, SUM(weighted) AS total FROM vv GROUP BY chain_id),
agg AS (SELECT chain_id, share_name, SUM(weighted) AS part FROM vv GROUP BY chain_id, share_name)
SELECT c.id AS place_taxonomy_id, parts.share_name, dev.devices,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL ELSE COALESCE(agg.part, 0) / totals.total * 100 END::FLOAT8 AS "shareOfNormalizedVisits"
FROM c CROSS JOIN parts LEFT JOIN totals ON totals.chain_id = c.id LEFT JOIN agg ON agg.chain_id = c.id AND agg.share_name = parts.share_name
LEFT JOIN dev ON dev.chain_id = c.id
ORDER BY c.i, parts.k`;

// The continuous median from distinct dwell values and their counts: the values at 1-based positions ⌊(N+1)/2⌋ and
// ⌊N/2⌋+1 of the sorted visits (the same one when N is odd), averaged; a position's value is the first whose running
// count reaches it.
const dwellSql = (r: PanelRelations, masks: boolean) => `
WITH ${scoped(r, r.monthlyDwell, masks)},
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
SELECT c.id AS place_taxonomy_id, dev.devices, ((stats.low + stats.high) / 2)::FLOAT8 AS "medianDwellTimeMinutes", stats.mean::FLOAT8 AS average_dwell_time_minutes
FROM c LEFT JOIN stats ON stats.chain_id = c.id LEFT JOIN dev ON dev.chain_id = c.id
ORDER BY c.i`;

/** The window's parameters, and whether the devices are read from the masks (the window within one mask block). */
async function windowOf(engine: SqlRunner, panel: PanelRelations, s: Scope): Promise<{ masks: boolean; params: unknown[] }> {
  const months = [monthWindow(s.start, s.end)];
  return { masks: await withinBlocks(engine, panel, months), params: [s.dma, s.chains, s.start, s.end, ...monthParams(months)] };
}

export const visitShareByDaypart: ViewRunner = async (engine, panel, values) => {
  const s = scope(values);
  const { masks, params } = await windowOf(engine, panel, s);
  const rows = await engine.queryRows(daypartSql(panel, masks), [...params, [...DAYPARTS]]);
  return rows.map(
    (row): DaypartShareRow => ({
      ...s.common,
      ...taxonomyFields(String(row.place_taxonomy_id)),
      share_name: row.share_name as DaypartShareRow['share_name'],
      shareOfNormalizedVisits: row.shareOfNormalizedVisits === null ? null : Number(row.shareOfNormalizedVisits),
      device_count: deviceCount(row.devices),
    }),
  );
};

const figure = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const medianDwellTime: ViewRunner = async (engine, panel, values) => {
  const s = scope(values);
  const { masks, params } = await windowOf(engine, panel, s);
  const rows = await engine.queryRows(dwellSql(panel, masks), params);
  return rows.map(
    (row): DwellTimeRow => ({
      ...s.common,
      ...taxonomyFields(String(row.place_taxonomy_id)),
      medianDwellTimeMinutes: figure(row.medianDwellTimeMinutes),
      average_dwell_time_minutes: figure(row.average_dwell_time_minutes),
      device_count: deviceCount(row.devices),
    }),
  );
};

/** The chains of the DMA indexed over the hidden start..end periods, monthly or daily (as Indexed Foot Traffic computes them). */
export const indexedFootTraffic: ViewRunner = (engine, panel, values, given) =>
  indexedSeries(engine, panel, indexedRange(values, given), (values.chains as string[]).map((chain) => ({ geography: values.dma as string, chain })));
