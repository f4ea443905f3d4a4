// Audience Insight (foot-traffic.md "norm_visit_share", "Audience Insight"): who visits the chosen chains of one DMA.
import { AGE_ORDER, GENDERS, periodWindow, type AudienceInsightRow } from '@atlas/domain';
import { chainDevicesCte, deviceCount, monthParams, monthWindow, withinBlocks } from './devices.js';
import { geographyFields, taxonomyFields, windowFields } from './fields.js';
import type { PanelRelations, ViewRunner } from './types.js';

type Dimension = 'age' | 'gender';

// $1 dma, $2 chains, $3..$4 half-open window of months, $5 the dimension's segments in order, $6..$7 the window's month
// indexes. Reads the monthly cells; the devices behind a chain's shares (all its visitors there, the shares' base) come
// from the device rollups (devices.ts); `masks`: the window lies within one mask block.
// Every chain × segment gets a row (cross join + left joins); the segment is the visiting device's own; the population
// share is the selected DMA's, whoever visits. The dimension name is one of two fixed identifiers, never user input.
const sql = (r: PanelRelations, dimension: Dimension, masks: boolean) => `
WITH c AS (SELECT unnest($2::VARCHAR[]) AS id, generate_subscripts($2::VARCHAR[], 1) AS i),
s AS (SELECT unnest($5::VARCHAR[]) AS segment, generate_subscripts($5::VARCHAR[], 1) AS k),
vv AS (
  SELECT chain_id, ${dimension} AS segment, weighted FROM ${r.monthlyCells}
  WHERE dma_id = $1 AND chain_id IN (SELECT id FROM c) AND month >= $3::DATE AND month < $4::DATE
),
totals AS (SELECT chain_id, SUM(weighted) AS total FROM vv GROUP BY chain_id),
parts AS (SELECT chain_id, segment, SUM(weighted) AS part FROM vv GROUP BY chain_id, segment),
pop AS (
  SELECT CAST(${dimension} AS VARCHAR) AS segment, SUM(population)::FLOAT8 AS people
  FROM ${r.population} WHERE CAST(dma_id AS VARCHAR) = $1 GROUP BY 1
),
pop_total AS (SELECT SUM(people) AS people FROM pop),
${chainDevicesCte(r, masks, '$1', '$6', '$7')}
SELECT c.id AS place_taxonomy_id, s.segment, dev.devices,
       CASE WHEN COALESCE(totals.total, 0) = 0 THEN NULL ELSE COALESCE(parts.part, 0) / totals.total * 100 END::FLOAT8 AS norm_visit_share,
       CASE WHEN COALESCE(pop_total.people, 0) = 0 THEN NULL ELSE COALESCE(pop.people, 0) / pop_total.people * 100 END::FLOAT8 AS population_share
FROM c CROSS JOIN s CROSS JOIN pop_total
LEFT JOIN totals ON totals.chain_id = c.id
LEFT JOIN parts ON parts.chain_id = c.id AND parts.segment = s.segment
LEFT JOIN pop ON pop.segment = s.segment
LEFT JOIN dev ON dev.chain_id = c.id
ORDER BY c.i, s.k`;

function view(dimension: Dimension, segments: readonly string[]): ViewRunner {
  return async (engine, panel, values) => {
    const period = values.period as { start: string; end: string };
    const start = periodWindow('monthly', period.start).start;
    const end = periodWindow('monthly', period.end).end;
    const months = [monthWindow(start, end)];
    const masks = await withinBlocks(engine, panel, months);
    const rows = await engine.queryRows(sql(panel, dimension, masks), [values.dma, values.chains, start, end, [...segments], ...monthParams(months)]);
    const common = { ...geographyFields(values.dma as string), ...windowFields('monthly', period.start, period.end) };
    return rows.map((row): AudienceInsightRow => {
      const share = row.norm_visit_share === null ? null : Number(row.norm_visit_share);
      const populationShare = row.population_share === null ? 0 : Number(row.population_share);
      const segment = String(row.segment);
      return {
        ...common,
        ...taxonomyFields(String(row.place_taxonomy_id)),
        share_name: segment,
        ...(dimension === 'age' ? { age: segment as AudienceInsightRow['age'] } : { gender: segment as AudienceInsightRow['gender'] }),
        norm_visit_share: share,
        // null when the chain has no visits (no share) or the segment has no population in the DMA.
        fair_share_index: share === null || populationShare === 0 ? null : (share / populationShare) * 100,
        device_count: deviceCount(row.devices),
      };
    });
  };
}

// The share charts and the index charts answer the same rows (both figures); each chart reads the field it draws.
export const byAge = view('age', AGE_ORDER);
export const byGender = view('gender', GENDERS);
