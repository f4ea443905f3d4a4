// The analytic rollups: exact pre-aggregations of the raw panel, computed once per panel version so that every view
// reads a few thousand rows instead of scanning every visit (foot-traffic.md "How fast plain SQL is here").
// Weights are summed unnormalized (views normalize per period), dwell values are kept with their counts (medians stay
// exact), visitor sets stay per device, and each visit's same-day neighbours are found once. Portable SQL (views/types.ts):
// the same SELECTs build the rollups in the embedded engine and in a PostgreSQL warehouse.
import type { MaterializeOptions } from '../../../engine/types.js';
import type { PanelRelations, RawPanelRelations } from '../views/types.js';

/** In build order: a rollup may read the raw tables and the rollups before it. */
export const ROLLUP_NAMES = [
  'daily', 'monthly', 'monthlyCells', 'monthlyDayparts', 'monthlyDwell', 'chainVisitors', 'chainRanks', 'crossVisitors', 'journeys', 'dayVisitors', 'journeyVisitors',
  'visitorMasks', 'visitorFirsts', 'journeyMasks', 'dayDevices',
] as const;
export type RollupName = (typeof ROLLUP_NAMES)[number];

/** Bumped whenever a definition changes, so stored rollups are rebuilt. */
export const ROLLUP_SCHEMA_VERSION = 7;

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
export const monthIndex = (column: string) => `(CAST(EXTRACT(YEAR FROM ${column}) AS INTEGER) * 12 + CAST(EXTRACT(MONTH FROM ${column}) AS INTEGER) - 1)`;


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
  dayVisitors: 'chain_id, dma_id, day', journeyVisitors: 'skip, chain_id, dma_id',
  visitorMasks: 'taxonomy_id, geography_id', visitorFirsts: 'taxonomy_id, geography_id', journeyMasks: 'skip, relationship, taxonomy_id, geography_id', dayDevices: 'chain_id, geography_id, day',
};

/**
 * Storage of rollups read whole per key (every device of a geography) rather than filtered down to a few rows: large
 * row groups, and plain values, since decoding is most of such a query.
 */
export const ROLLUP_STORAGE: Partial<Record<RollupName, MaterializeOptions>> = { crossVisitors: { rowGroupRows: 122_880, compressed: false } };

/** SQL: the index of the highest set bit of a positive BIGINT below 2^62 (both dialects: a logarithm, corrected). */
function highestBit(x: string): string {
  const estimate = `CAST(FLOOR(LN(CAST(${x} AS DOUBLE PRECISION)) / LN(CAST(2 AS DOUBLE PRECISION))) AS INTEGER)`;
  return `(${estimate} - CASE WHEN (CAST(1 AS BIGINT) << ${estimate}) > ${x} THEN 1 ELSE 0 END
    + CASE WHEN ${estimate} < 62 AND (CAST(1 AS BIGINT) << (${estimate} + 1)) <= ${x} THEN 1 ELSE 0 END)`;
}

const chainMasks = Array.from({ length: RANKED_CHAINS }, (_, k) => `bit_or(CASE WHEN rank = ${k} THEN months ELSE CAST(0 AS BIGINT) END) AS m${k}`).join(',\n       ');

/**
 * The first month of the masks (chainVisitors, journeyVisitors): the data's own first month, or the panel's when the
 * rows are an appended part of it (rollups/append.ts), so that the part's masks line up with the panel's.
 */
const firstMonth = (firstMonthIndex: number | undefined) =>
  firstMonthIndex === undefined ? `first AS (SELECT MIN(${monthIndex('month')}) AS m0 FROM e)` : `first AS (SELECT CAST(${Math.trunc(firstMonthIndex)} AS INTEGER) AS m0)`;

/** Each rollup's SELECT over the raw tables and the rollups built before it (ROLLUP_NAMES order). */
export const ROLLUPS: Record<RollupName, (r: PanelRelations, firstMonthIndex?: number) => string> = {
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
   * ${MASK_MONTHS} counted from the data's first month), with the device's weight and demographics: distinct visitors
   * (and the sample sizes of every monthly figure) of any window of months, exactly.
   */
  chainVisitors: (r, firstMonthIndex) => `
WITH e AS (${enriched(r)}),
${firstMonth(firstMonthIndex)},
indexed AS (
  SELECT e.country, e.dma_id, e.chain_id, e.category_id, e.device_id, e.weight, e.age, e.gender, e.income, ${monthIndex('e.month')} - first.m0 AS k
  FROM e CROSS JOIN first
)
SELECT country, dma_id, chain_id, category_id, device_id, weight, age, gender, income, CAST((k - k % ${MASK_MONTHS}) / ${MASK_MONTHS} AS INTEGER) AS block,
       (SELECT m0 FROM first) AS first_month_index, bit_or(CAST(1 AS BIGINT) << CAST(k % ${MASK_MONTHS} AS INTEGER)) AS months
FROM indexed GROUP BY country, dma_id, chain_id, category_id, device_id, weight, age, gender, income, block ORDER BY chain_id, dma_id, device_id`,

  /** Every chain with visitors, ranked by its visitor rows (most first, then by id), and the masks' first month. */
  chainRanks: (r) => `
SELECT chain_id, CAST(ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, chain_id) - 1 AS INTEGER) AS rank, MIN(first_month_index) AS first_month_index
FROM ${r.chainVisitors} GROUP BY chain_id ORDER BY rank`,

  /**
   * Per geography (the country and each DMA), device and mask block: the months it visited each of the
   * ${RANKED_CHAINS} top-ranked chains there, one column per rank (m<rank>), and the device's demographics. Cross-Visitation
   * and the Movement Pivot's device counts read only the columns of the selected chains from one row per device, with no
   * grouping by device at query time.
   */
  crossVisitors: (r) => `
WITH v AS (
  SELECT c.country, c.dma_id, c.device_id, c.weight, c.age, c.gender, c.income, c.block, c.months, k.rank
  FROM ${r.chainVisitors} c JOIN ${r.chainRanks} k ON k.chain_id = c.chain_id WHERE k.rank < ${RANKED_CHAINS}
),
scoped AS (
  SELECT country AS geography_id, device_id, weight, age, gender, income, block, rank, months FROM v
  UNION ALL SELECT dma_id, device_id, weight, age, gender, income, block, rank, months FROM v
)
SELECT geography_id, device_id, weight, age, gender, income, block,
       ${chainMasks}
FROM scoped GROUP BY geography_id, device_id, weight, age, gender, income, block ORDER BY geography_id, block`,

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

  /**
   * Every device that visited a chain at a DMA's places on a day, once: the exact sample sizes of daily figures (the
   * trailing 7-day windows of Indexed Foot Traffic), which month masks cannot resolve.
   */
  dayVisitors: (r) => `
SELECT DISTINCT CAST(p.country AS VARCHAR) AS country, CAST(p.dma_id AS VARCHAR) AS dma_id, CAST(p.chain_id AS VARCHAR) AS chain_id,
       CAST(p.category_id AS VARCHAR) AS category_id, CAST(v.started_at AS DATE) AS day, v.device_id
FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id
ORDER BY chain_id, dma_id, day`,

  /**
   * The devices behind Customer Journey's shares: per skip rule (own chain, own category) and relationship, each device
   * with a visit to a chain at a DMA's places that has a same-day neighbour of that relationship, as a months mask like
   * chainVisitors. A device's visits to chain (category) K on a day have a neighbour before when its earliest visit that
   * day to anything but K started strictly before its latest visit to K there, and after when its latest visit to
   * anything but K started strictly after its earliest one there (the journeys rollup's neighbours, existence only).
   */
  journeyVisitors: (r, firstMonthIndex) => `
WITH e AS (
  SELECT v.device_id, v.started_at, CAST(v.started_at AS DATE) AS day, CAST(date_trunc('month', v.started_at) AS DATE) AS month,
         CAST(p.country AS VARCHAR) AS country, CAST(p.dma_id AS VARCHAR) AS dma_id,
         CAST(p.chain_id AS VARCHAR) AS chain_id, CAST(p.category_id AS VARCHAR) AS category_id
  FROM ${r.visits} v JOIN ${r.places} p ON p.place_id = v.place_id
),
${firstMonth(firstMonthIndex)},
here AS (
  SELECT device_id, day, month, country, dma_id, chain_id, category_id, MIN(started_at) AS lo, MAX(started_at) AS hi
  FROM e GROUP BY device_id, day, month, country, dma_id, chain_id, category_id
),
${SKIPS.map(
  (skip) => `${skip}_days AS (SELECT device_id, day, ${skip}_id AS k, MIN(started_at) AS lo, MAX(started_at) AS hi FROM e GROUP BY device_id, day, ${skip}_id),
${skip}_others AS (
  SELECT device_id, day, k, MIN(lo) OVER w AS other_lo, MAX(hi) OVER w AS other_hi FROM ${skip}_days
  WINDOW w AS (PARTITION BY device_id, day ORDER BY k ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW)
)`,
).join(',\n')},
flagged AS (
${SKIPS.flatMap((skip) =>
  RELATIONSHIPS.map(
    (relationship) => `  SELECT '${skip}' AS skip, '${relationship}' AS relationship, h.country, h.dma_id, h.chain_id, h.category_id, h.device_id, h.month
  FROM here h JOIN ${skip}_others o ON o.device_id = h.device_id AND o.day = h.day AND o.k = h.${skip}_id
  WHERE ${relationship === 'before' ? 'o.other_lo < h.hi' : 'o.other_hi > h.lo'}`,
  ),
).join('\n  UNION ALL\n')}
),
indexed AS (SELECT flagged.*, ${monthIndex('flagged.month')} - first.m0 AS k FROM flagged CROSS JOIN first)
SELECT skip, relationship, country, dma_id, chain_id, category_id, device_id, CAST((k - k % ${MASK_MONTHS}) / ${MASK_MONTHS} AS INTEGER) AS block,
       (SELECT m0 FROM first) AS first_month_index, bit_or(CAST(1 AS BIGINT) << CAST(k % ${MASK_MONTHS} AS INTEGER)) AS months
FROM indexed GROUP BY skip, relationship, country, dma_id, chain_id, category_id, device_id, block ORDER BY skip, chain_id, dma_id`,

  /**
   * The distinct devices of every chain and category (taxonomy_id) at every geography (the country and each DMA) as
   * counts per distinct months mask: the devices of any window of months within a block are the summed counts of the
   * masks that meet it, exactly (each device has one mask per key and block), and a key holds a few thousand masks
   * where chainVisitors holds a row per device. Windows across two blocks read chainVisitors (views/devices.ts).
   */
  visitorMasks: (r) => `
WITH cv AS (SELECT country, dma_id, chain_id, category_id, device_id, block, first_month_index, months FROM ${r.chainVisitors}),
keyed AS (
  SELECT chain_id AS taxonomy_id, dma_id AS geography_id, block, first_month_index, months FROM cv
  UNION ALL
  SELECT chain_id, country, block, first_month_index, bit_or(months) FROM cv GROUP BY chain_id, country, device_id, block, first_month_index
  UNION ALL
  SELECT category_id, dma_id, block, first_month_index, bit_or(months) FROM cv GROUP BY category_id, dma_id, device_id, block, first_month_index
  UNION ALL
  SELECT category_id, country, block, first_month_index, bit_or(months) FROM cv GROUP BY category_id, country, device_id, block, first_month_index
)
SELECT taxonomy_id, geography_id, block, first_month_index, months, COUNT(*)::BIGINT AS devices
FROM keyed GROUP BY taxonomy_id, geography_id, block, first_month_index, months ORDER BY taxonomy_id, geography_id, block`,

  /**
   * visitorMasks by month: per key (chain or category × geography) and block, the devices per visited month (`month`,
   * the bit of the block's masks) and the month of their previous visit in the block (`prev`, −1 for none). Every
   * device meeting a window lo..hi of the block has exactly one first month in it, the one whose previous visit comes
   * before lo, so the window's devices are SUM(devices) WHERE lo <= month <= hi AND prev < lo: at most 62 × 63 / 2 rows
   * per key and block, where visitorMasks holds a row per distinct mask (some 300,000 per chain in the country at 100 M
   * visits). The previous month is the highest bit below the month's, found with a logarithm and corrected by shifts
   * (a double's rounding may be off by one); linear in `devices`, so the appended rows' differences build it as well.
   */
  visitorFirsts: (r) => `
WITH bits AS (
  SELECT m.taxonomy_id, m.geography_id, m.block, m.first_month_index, m.devices, b.i AS month,
         m.months & ((CAST(1 AS BIGINT) << b.i) - 1) AS below
  FROM ${r.visitorMasks} m CROSS JOIN generate_series(0, ${MASK_MONTHS - 1}) AS b(i)
  WHERE (m.months >> b.i) & 1 = 1
),
firsts AS (
  SELECT taxonomy_id, geography_id, block, first_month_index, month, devices,
         CASE WHEN below = 0 THEN -1 ELSE ${highestBit('below')} END AS prev
  FROM bits
)
SELECT taxonomy_id, geography_id, block, first_month_index, prev, month, SUM(devices)::BIGINT AS devices
FROM firsts GROUP BY taxonomy_id, geography_id, block, first_month_index, prev, month ORDER BY taxonomy_id, geography_id, block, month`,

  /**
   * journeyVisitors as counts per distinct months mask, keyed like Customer Journey asks: per skip rule, relationship,
   * primary (taxonomy_id: the chain under the chain rule, the category under the category rule) and geography (the
   * country and each DMA), each device's months ORed over the primary's rows there first.
   */
  journeyMasks: (r) => `
WITH j AS (
  SELECT skip, relationship, CASE WHEN skip = 'chain' THEN chain_id ELSE category_id END AS taxonomy_id, country, dma_id, device_id, block,
         first_month_index, months
  FROM ${r.journeyVisitors}
),
keyed AS (
  SELECT skip, relationship, taxonomy_id, dma_id AS geography_id, block, first_month_index, bit_or(months) AS months
  FROM j GROUP BY skip, relationship, taxonomy_id, dma_id, device_id, block, first_month_index
  UNION ALL
  SELECT skip, relationship, taxonomy_id, country, block, first_month_index, bit_or(months)
  FROM j GROUP BY skip, relationship, taxonomy_id, country, device_id, block, first_month_index
)
SELECT skip, relationship, taxonomy_id, geography_id, block, first_month_index, months, COUNT(*)::BIGINT AS devices
FROM keyed GROUP BY skip, relationship, taxonomy_id, geography_id, block, first_month_index, months
ORDER BY skip, relationship, taxonomy_id, geography_id, block`,

  /**
   * The devices of trailing 7-day windows per chain × geography (the country and each DMA): per day d with visits, dk
   * (k = 0..6) counts the devices that visited on d and not again within the k days after it. A device is in the window
   * D−6..D exactly when its latest visit day d up to D is in it, and that d counts in d(D−d) and no other term: the
   * window's devices are d0(D) + d1(D−1) + … + d6(D−6).
   */
  dayDevices: (r) => `
WITH d AS (
  SELECT chain_id, dma_id AS geography_id, device_id, day FROM ${r.dayVisitors}
  UNION ALL SELECT DISTINCT chain_id, country, device_id, day FROM ${r.dayVisitors}
),
gaps AS (SELECT chain_id, geography_id, day, LEAD(day) OVER (PARTITION BY chain_id, geography_id, device_id ORDER BY day) - day AS gap FROM d)
SELECT chain_id, geography_id, day,
       ${Array.from({ length: 7 }, (_, k) => `COUNT(CASE WHEN gap IS NULL OR gap > ${k} THEN 1 END)::BIGINT AS d${k}`).join(',\n       ')}
FROM gaps GROUP BY chain_id, geography_id, day ORDER BY chain_id, geography_id, day`,
};
