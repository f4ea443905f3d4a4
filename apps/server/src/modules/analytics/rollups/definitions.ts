// The analytic rollups: exact pre-aggregations of the raw panel, computed once per panel version so that every view
// reads a few thousand rows instead of scanning every visit (foot-traffic.md "How fast plain SQL is here").
// Weights are summed unnormalized (views normalize per period), dwell values are kept with their counts (medians stay
// exact), visitor sets stay per device, and each visit's same-day neighbours are found once. Portable SQL (views/types.ts):
// the same SELECTs build the rollups in the embedded engine and in a PostgreSQL warehouse.
import type { MaterializeOptions } from '../../../engine/types.js';
import type { PanelRelations, RawPanelRelations } from '../views/types.js';

/** In build order: a rollup may read the raw tables and the rollups before it. */
export const ROLLUP_NAMES = ['daily', 'monthly', 'monthlyCells', 'monthlyDayparts', 'monthlyDwell', 'chainVisitors', 'chainRanks', 'crossVisitors', 'journeys'] as const;
export type RollupName = (typeof ROLLUP_NAMES)[number];

/** Bumped whenever a definition changes, so stored rollups are rebuilt. */
export const ROLLUP_SCHEMA_VERSION = 4;

/** Months a visitor bitmask spans (bits 0..61: a mask of the whole block, (1 << 62) - 1, still fits a signed BIGINT). */
export const MASK_MONTHS = 62;

/** Chains that get a months-mask column of their own in crossVisitors (m0 …), the most visited first. */
export const RANKED_CHAINS = 64;

// Each visit with its place's geography and taxonomy (as text) and its device's weight and demographics.
const enriched = (r: RawPanelRelations) => `
  SELECT v.visit_id, v.device_id, v.started_at, v.dwell_minutes, CAST(v.started_at AS DATE) AS day,
         CAST(date_trunc('month', v.started_at) AS DATE) AS month,
         CAST(p.country AS VARCHAR) AS country, CAST(p.dma_id AS VARCHAR) AS dma_id,
         CAST(p.chain_id AS VARCHAR) AS chain_id, CAST(p.category_id AS VARCHAR) AS category_id,
         d.weight, CAST(d.age AS VARCHAR) AS age, CAST(d.gender AS VARCHAR) AS gender, CAST(d.income AS VARCHAR) AS income
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id JOIN ${r.panel} d ON d.device_id = v.device_id`;

const GEO_TAXONOMY = 'country, dma_id, chain_id, category_id';

/** month index of a DATE (months since year 0), an integer in both dialects */
const monthIndex = (column: string) => `(CAST(EXTRACT(YEAR FROM ${column}) AS INTEGER) * 12 + CAST(EXTRACT(MONTH FROM ${column}) AS INTEGER) - 1)`;


type Skip = 'chain' | 'category';
type Relationship = 'before' | 'after';
const SKIPS: readonly Skip[] = ['chain', 'category'];
const RELATIONSHIPS: readonly Relationship[] = ['before', 'after'];
const SIDE = { before: 'prev', after: 'next' } as const;

// Run boundaries are packed as the row number (zero-padded, so text order is number order) followed by the neighbour's
// chain or category: the running MAX over the rows so far finds the latest run start at or before a visit (its own run's
// start) and the running MIN over the rows to come the earliest run end after it, in the one sort of (device, day).
const PACK_DIGITS = 9;
const packed = (value: string) => `lpad(CAST(rn AS VARCHAR), ${PACK_DIGITS}, '0') || ${value}`;
const unpacked = (column: string) => `substr(${column}, ${PACK_DIGITS + 1})`;
const DAY = 'PARTITION BY device_id, day ORDER BY rn';
const FRAME: Record<Relationship, string> = {
  before: `MAX(%) OVER (${DAY} ROWS UNBOUNDED PRECEDING)`,
  after: `MIN(%) OVER (${DAY} ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)`,
};

// Per skip rule and side: the neighbour's chain and category, found at the boundary of the visit's run.
const RUN_ENDS = SKIPS.flatMap((skip) =>
  RELATIONSHIPS.flatMap((relationship) => {
    const side = SIDE[relationship];
    const boundary = `${side}_${skip} IS DISTINCT FROM ${skip}_id`;
    return (['chain', 'category'] as const).map(
      (level) => `         ${FRAME[relationship].replace('%', `CASE WHEN ${boundary} THEN ${packed(`${side}_${level}`)} END`)} AS ${relationship}_${level}_${skip}`,
    );
  }),
).join(',\n');

// Every (skip, relationship) neighbour as rows: from the runs of plain days, and directly on days with ties.
const NEIGHBOURS = SKIPS.flatMap((skip) =>
  RELATIONSHIPS.flatMap((relationship) => {
    const chain = `${relationship}_chain_${skip}`;
    const direction = relationship === 'before' ? 'DESC' : 'ASC';
    return [
      `  SELECT ${GEO_TAXONOMY}, month, weight, '${skip}' AS skip, '${relationship}' AS relationship, ${unpacked(chain)} AS x_chain, ${unpacked(`${relationship}_category_${skip}`)} AS x_category
  FROM ends WHERE tie_day = 0 AND ${chain} IS NOT NULL`,
      `  SELECT ${GEO_TAXONOMY}, month, weight, '${skip}', '${relationship}', o_chain, o_category FROM (
    SELECT pairs.*, ROW_NUMBER() OVER (PARTITION BY visit_id ORDER BY o_at ${direction}, o_id ${direction}) AS k
    FROM pairs WHERE o_at ${relationship === 'before' ? '<' : '>'} started_at AND o_${skip} <> ${skip}_id
  ) ranked WHERE k = 1`,
    ];
  }),
).join('\n  UNION ALL\n');

/** The columns each rollup is sorted by (and indexed on in a warehouse): what its views filter by. */
export const ROLLUP_KEYS: Record<RollupName, string> = {
  daily: 'chain_id, dma_id', monthly: 'chain_id, dma_id', monthlyCells: 'chain_id, dma_id', monthlyDayparts: 'chain_id, dma_id',
  monthlyDwell: 'chain_id, dma_id', chainVisitors: 'chain_id, dma_id', chainRanks: 'chain_id', crossVisitors: 'geography_id, block', journeys: 'chain_id, dma_id',
};

/**
 * Storage of rollups read whole per key (every device of a geography) rather than filtered down to a few rows: large
 * row groups, and plain values, since decoding is most of such a query.
 */
export const ROLLUP_STORAGE: Partial<Record<RollupName, MaterializeOptions>> = { crossVisitors: { rowGroupRows: 122_880, compressed: false } };

const chainMasks = Array.from({ length: RANKED_CHAINS }, (_, k) => `bit_or(CASE WHEN rank = ${k} THEN months ELSE CAST(0 AS BIGINT) END) AS m${k}`).join(',\n       ');

/** Each rollup's SELECT over the raw tables and the rollups built before it (ROLLUP_NAMES order). */
export const ROLLUPS: Record<RollupName, (r: PanelRelations) => string> = {
  /** Weighted and raw visits per place geography × chain × day: the time series (daily, monthly, quarterly). */
  daily: (r) => `
SELECT ${GEO_TAXONOMY}, day, SUM(weight)::FLOAT8 AS weighted, COUNT(*)::BIGINT AS visits
FROM (${enriched(r)}) e GROUP BY ${GEO_TAXONOMY}, day ORDER BY chain_id, dma_id, day`,

  /** Per month: the period figures of every view that neither splits by day nor by the visitor's demographics. */
  monthly: (r) => `
SELECT ${GEO_TAXONOMY}, month, SUM(weight)::FLOAT8 AS weighted, COUNT(*)::BIGINT AS visits
FROM (${enriched(r)}) e GROUP BY ${GEO_TAXONOMY}, month ORDER BY chain_id, dma_id, month`,

  /** Per month and demographic cell of the visiting device: pivots and audience shares. */
  monthlyCells: (r) => `
SELECT ${GEO_TAXONOMY}, month, age, gender, income, SUM(weight)::FLOAT8 AS weighted, COUNT(*)::BIGINT AS visits
FROM (${enriched(r)}) e GROUP BY ${GEO_TAXONOMY}, month, age, gender, income ORDER BY chain_id, dma_id, month`,

  /** Per month and daypart of the start hour (Morning 05–11, Afternoon 12–16, Evening otherwise). */
  monthlyDayparts: (r) => `
SELECT ${GEO_TAXONOMY}, month,
       CASE WHEN EXTRACT(HOUR FROM started_at) BETWEEN 5 AND 11 THEN 'Morning'
            WHEN EXTRACT(HOUR FROM started_at) BETWEEN 12 AND 16 THEN 'Afternoon' ELSE 'Evening' END AS share_name,
       SUM(weight)::FLOAT8 AS weighted
FROM (${enriched(r)}) e GROUP BY ${GEO_TAXONOMY}, month, share_name ORDER BY chain_id, dma_id, month`,

  /** Every distinct dwell value with its count per month: exact medians and means without the visit rows. */
  monthlyDwell: (r) => `
SELECT ${GEO_TAXONOMY}, month, dwell_minutes, COUNT(*)::BIGINT AS visits
FROM (${enriched(r)}) e GROUP BY ${GEO_TAXONOMY}, month, dwell_minutes ORDER BY chain_id, dma_id, month, dwell_minutes`,

  /**
   * Each device's visits to a chain at a DMA's places as a bitmask of months (bit k = the k-th month of a block of
   * ${MASK_MONTHS} counted from the data's first month): distinct visitors of any window of months, exactly.
   */
  chainVisitors: (r) => `
WITH e AS (${enriched(r)}),
first AS (SELECT MIN(${monthIndex('month')}) AS m0 FROM e),
indexed AS (SELECT e.country, e.dma_id, e.chain_id, e.category_id, e.device_id, e.weight, ${monthIndex('e.month')} - first.m0 AS k FROM e CROSS JOIN first)
SELECT country, dma_id, chain_id, category_id, device_id, weight, CAST((k - k % ${MASK_MONTHS}) / ${MASK_MONTHS} AS INTEGER) AS block,
       (SELECT m0 FROM first) AS first_month_index, bit_or(CAST(1 AS BIGINT) << CAST(k % ${MASK_MONTHS} AS INTEGER)) AS months
FROM indexed GROUP BY country, dma_id, chain_id, category_id, device_id, weight, block ORDER BY chain_id, dma_id, device_id`,

  /** Every chain with visitors, ranked by its visitor rows (most first, then by id), and the masks' first month. */
  chainRanks: (r) => `
SELECT chain_id, CAST(ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, chain_id) - 1 AS INTEGER) AS rank, MIN(first_month_index) AS first_month_index
FROM ${r.chainVisitors} GROUP BY chain_id ORDER BY rank`,

  /**
   * Per geography (the country and each DMA), device and mask block: the months it visited each of the
   * ${RANKED_CHAINS} top-ranked chains there, one column per rank (m<rank>). Cross-Visitation reads only the columns of the
   * selected chains from one row per device, with no grouping by device at query time.
   */
  crossVisitors: (r) => `
WITH v AS (
  SELECT c.country, c.dma_id, c.device_id, c.weight, c.block, c.months, k.rank
  FROM ${r.chainVisitors} c JOIN ${r.chainRanks} k ON k.chain_id = c.chain_id WHERE k.rank < ${RANKED_CHAINS}
),
scoped AS (
  SELECT country AS geography_id, device_id, weight, block, rank, months FROM v
  UNION ALL SELECT dma_id, device_id, weight, block, rank, months FROM v
)
SELECT geography_id, device_id, weight, block,
       ${chainMasks}
FROM scoped GROUP BY geography_id, device_id, weight, block ORDER BY geography_id, block`,

  /**
   * Customer Journey (foot-traffic.md): per primary visit, its same-day neighbours before and after, skipping visits
   * of its own chain (skip = 'chain') or own category (skip = 'category'), with the neighbour's chain and category.
   * On a device's day without two visits at the same instant, consecutive visits of the same chain (category) form a
   * run and every visit of a run shares the neighbours just outside it (one sort by device and day). Days with such
   * ties (rare) take the direct reading instead: the latest strictly earlier (earliest strictly later) other-chain visit
   * by (started_at, visit_id).
   */
  journeys: (r) => `
WITH e AS (
  SELECT v.visit_id, v.device_id, v.started_at, CAST(v.started_at AS DATE) AS day, CAST(date_trunc('month', v.started_at) AS DATE) AS month,
         CAST(p.country AS VARCHAR) AS country, CAST(p.dma_id AS VARCHAR) AS dma_id,
         CAST(p.chain_id AS VARCHAR) AS chain_id, CAST(p.category_id AS VARCHAR) AS category_id, d.weight
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id JOIN ${r.panel} d ON d.device_id = v.device_id
),
ordered AS (
  SELECT e.*, ROW_NUMBER() OVER w AS rn,
         LAG(chain_id) OVER w AS prev_chain, LAG(category_id) OVER w AS prev_category,
         LEAD(chain_id) OVER w AS next_chain, LEAD(category_id) OVER w AS next_category,
         CASE WHEN LAG(started_at) OVER w = started_at OR LEAD(started_at) OVER w = started_at THEN 1 ELSE 0 END AS tied
  FROM e WINDOW w AS (PARTITION BY device_id, day ORDER BY started_at, visit_id)
),
ends AS (
  SELECT ordered.*, MAX(tied) OVER (PARTITION BY device_id, day) AS tie_day,
${RUN_ENDS}
  FROM ordered
),
tied AS (SELECT * FROM ends WHERE tie_day = 1),
pairs AS (
  SELECT v.${GEO_TAXONOMY.split(', ').join(', v.')}, v.month, v.weight, v.visit_id, v.started_at,
         o.chain_id AS o_chain, o.category_id AS o_category, o.started_at AS o_at, o.visit_id AS o_id
  FROM tied v JOIN tied o ON o.device_id = v.device_id AND o.day = v.day AND o.started_at <> v.started_at
),
neighbours AS (
${NEIGHBOURS}
)
SELECT ${GEO_TAXONOMY}, month, skip, relationship, x_chain, x_category, SUM(weight)::FLOAT8 AS weighted, COUNT(*)::BIGINT AS visits
FROM neighbours GROUP BY ${GEO_TAXONOMY}, month, skip, relationship, x_chain, x_category
ORDER BY skip, chain_id, dma_id, month`,
};
