// The analytic rollups: exact pre-aggregations of the raw panel, computed once per panel version so that every view
// reads a few thousand rows instead of scanning every visit (foot-traffic.md "How fast plain SQL is here").
// Weights are summed unnormalized (views normalize per period), dwell values are kept with their counts (medians stay
// exact), visitor sets stay per device, and each visit's same-day neighbours are found once. Portable SQL (views/types.ts):
// the same SELECTs build the rollups in the embedded engine and in a PostgreSQL warehouse.
// A rollup extended by appends (rollups/append.ts) may hold several rows of one key, which its readers combine: the
// per-device rollups (chainVisitors, journeyVisitors) rows whose months are ORed (readers count distinct devices whose
// months meet a window, or OR the masks per device), the per-key counts (visitorMasks, visitorFirsts, journeyMasks,
// dayDevices) rows whose counts add up (readers sum them).
import type { MaterializeOptions } from '../../../engine/types.js';
import type { PanelRelations, RawPanelRelations } from '../views/types.js';

/** In build order: a rollup may read the raw tables and the rollups before it. */
export const ROLLUP_NAMES = [
  'daily', 'monthly', 'monthlyCells', 'monthlyDayparts', 'monthlyDwell', 'chainVisitors', 'chainRanks', 'crossVisitors', 'journeys', 'dayVisitors', 'journeyVisitors',
  'visitorMasks', 'visitorFirsts', 'journeyMasks', 'dayDevices',
] as const;
export type RollupName = (typeof ROLLUP_NAMES)[number];

/** Bumped whenever a definition changes, so stored rollups are rebuilt. */
export const ROLLUP_SCHEMA_VERSION = 9;

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

const GEO_COLUMNS = ['country', 'dma_id', 'chain_id', 'category_id'] as const;
const GEO_TAXONOMY = GEO_COLUMNS.join(', ');

/** month index of a DATE (months since year 0), an integer in both dialects */
export const monthIndex = (column: string) => `(CAST(EXTRACT(YEAR FROM ${column}) AS INTEGER) * 12 + CAST(EXTRACT(MONTH FROM ${column}) AS INTEGER) - 1)`;


type Skip = 'chain' | 'category';
type Relationship = 'before' | 'after';
const SKIPS: readonly Skip[] = ['chain', 'category'];
const RELATIONSHIPS: readonly Relationship[] = ['before', 'after'];
const SIDE = { before: 'prev', after: 'next' } as const;

// Run boundaries are packed as the row number times 2^32 plus the neighbour's place (an INTEGER, shifted to 0..2^32):
// the running MAX over the rows so far finds the latest run start at or before a visit (its own run's start) and the
// running MIN over the rows to come the earliest run end after it, in the one sort of (device, day); the neighbour's
// chain and category are its place's.
const PLACE_FACTOR = 4294967296;
const PLACE_SHIFT = 2147483648;
const DAY = 'PARTITION BY device_id, day ORDER BY rn';
const FRAME: Record<Relationship, string> = {
  before: `MAX(%) OVER (${DAY} ROWS UNBOUNDED PRECEDING)`,
  after: `MIN(%) OVER (${DAY} ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)`,
};

// Per skip rule and side: the packed neighbour found at the boundary of the visit's run.
const RUN_ENDS = SKIPS.flatMap((skip) =>
  RELATIONSHIPS.map((relationship) => {
    const side = SIDE[relationship];
    const boundary = `CASE WHEN ${side}_${skip} IS DISTINCT FROM ${skip}_no THEN rn * ${PLACE_FACTOR} + (${side}_place + ${PLACE_SHIFT}) END`;
    return `         ${FRAME[relationship].replace('%', boundary)} AS ${relationship}_${skip}`;
  }),
).join(',\n');

// Every (skip, relationship) neighbour's place as rows: from the runs of plain days, and directly on days with ties.
const NEIGHBOURS = SKIPS.flatMap((skip) =>
  RELATIONSHIPS.flatMap((relationship) => {
    const packedPlace = `${relationship}_${skip}`;
    const direction = relationship === 'before' ? 'DESC' : 'ASC';
    return [
      `  SELECT geo_no, month, weight, '${skip}' AS skip, '${relationship}' AS relationship, CAST(${packedPlace} % ${PLACE_FACTOR} - ${PLACE_SHIFT} AS INTEGER) AS x_place
  FROM ends WHERE tie_day = 0 AND ${packedPlace} IS NOT NULL`,
      `  SELECT geo_no, month, weight, '${skip}', '${relationship}', o_place FROM (
    SELECT pairs.*, ROW_NUMBER() OVER (PARTITION BY visit_id ORDER BY o_at ${direction}, o_id ${direction}) AS k
    FROM pairs WHERE o_at ${relationship === 'before' ? '<' : '>'} started_at AND o_${skip} <> ${skip}_no
  ) ranked WHERE k = 1`,
    ];
  }),
).join('\n  UNION ALL\n');

/**
 * Each place with integer codes for its chain, category, geography and taxonomy (chain and category): visit rows carry
 * these through the sorts and groupings instead of four texts, and take the texts back at the end. NULL ids get a code
 * of their own, as GROUP BY and IS DISTINCT FROM treat them. geo_no follows the order of (chain_id, dma_id), the order
 * the rollups are stored in, so the final sorts compare integers.
 */
const placeCodes = (r: RawPanelRelations) => `codes AS (
  SELECT place_id, CAST(country AS VARCHAR) AS country, CAST(dma_id AS VARCHAR) AS dma_id, CAST(chain_id AS VARCHAR) AS chain_id,
         CAST(category_id AS VARCHAR) AS category_id,
         DENSE_RANK() OVER (ORDER BY chain_id) AS chain_no, DENSE_RANK() OVER (ORDER BY category_id) AS category_no,
         DENSE_RANK() OVER (ORDER BY chain_id, dma_id, country, category_id) AS geo_no, DENSE_RANK() OVER (ORDER BY chain_id, category_id) AS taxonomy_no
  FROM ${r.places}
),
geos AS (SELECT DISTINCT geo_no, country, dma_id, chain_id, category_id FROM codes),
geo_names AS (
  SELECT ${GEO_COLUMNS.map((column) => `array_agg(${column} ORDER BY geo_no) AS ${column}`).join(', ')} FROM geos
)`;

/**
 * SQL: the texts of a row's geo_no (alias `g`), read by position from geo_names (placeCodes): over rows sorted by their
 * codes in a subquery, this projection keeps their order, where a join to geos would not, and sorting after such a
 * join carries four texts per row through the sort (about a third of dayVisitors' build at 100 M visits).
 */
const GEO_TEXTS = GEO_COLUMNS.map((column) => `((SELECT ${column} FROM geo_names))[g.geo_no] AS ${column}`).join(', ');

/** The devices' days with more than one visit: only they have same-day neighbours (most days hold a single visit). */
const busyDays = (r: RawPanelRelations) => `busy AS (
  SELECT device_id, CAST(started_at AS DATE) AS day FROM ${r.visits} GROUP BY device_id, CAST(started_at AS DATE) HAVING COUNT(*) > 1
)`;

/** The visits of busy days with their places' codes (`columns` from the visit `v`, the place `c` and the day `b`). */
const busyVisits = (r: RawPanelRelations, columns: string, panel = '') => `
  SELECT ${columns}
  FROM ${r.visits} v JOIN busy b ON b.device_id = v.device_id AND b.day = CAST(v.started_at AS DATE)
  JOIN codes c ON c.place_id = v.place_id${panel}`;

// Per skip rule and side, the lowest and highest chain (category) code among the day's visits strictly before (after)
// a visit: some other-chain visit is there exactly when either differs from the visit's own code.
const JOURNEY_FLAGS = SKIPS.flatMap((skip) =>
  RELATIONSHIPS.flatMap((relationship) =>
    (['lo', 'hi'] as const).map(
      (end) => `         ${end === 'lo' ? 'MIN' : 'MAX'}(${skip}_no) OVER ${relationship === 'before' ? 'earlier' : 'later'} AS ${relationship}_${skip}_${end}`,
    ),
  ),
).join(',\n');

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

const chainMasks = Array.from({ length: RANKED_CHAINS }, (_, k) => `bit_or(CASE WHEN slot = ${k} THEN months ELSE CAST(0 AS BIGINT) END) AS m${k}`).join(',\n       ');
/** crossVisitors' mask columns, one per slot of chainRanks. */
export const SLOT_COLUMNS = Array.from({ length: RANKED_CHAINS }, (_, k) => `m${k}`);
const slotColumns = SLOT_COLUMNS.join(', ');
/** The country's masks of a device: its DMAs' rows ORed (a quarter of the rows the visitor rows are, and no CASE). */
const countryMasks = Array.from({ length: RANKED_CHAINS }, (_, k) => `bit_or(m${k}) AS m${k}`).join(', ');

/** SQL: the mask block of a month index `k` counted from the masks' first month, and the months of a group as bits of it. */
const maskBlock = (k: string) => `CAST((${k} - ${k} % ${MASK_MONTHS}) / ${MASK_MONTHS} AS INTEGER)`;
const maskBits = (k: string) => `bit_or(CAST(1 AS BIGINT) << CAST(${k} % ${MASK_MONTHS} AS INTEGER))`;

/**
 * The first month of the masks (chainVisitors, journeyVisitors): the data's own first month (of `source`'s column
 * `month`, any time in the month), or the panel's when the rows are an appended part of it (rollups/append.ts), so that
 * the part's masks line up with the panel's.
 */
const firstMonth = (firstMonthIndex: number | undefined, source: string) =>
  firstMonthIndex === undefined ? `first AS (SELECT MIN(${monthIndex('month')}) AS m0 FROM (${source}) s)` : `first AS (SELECT CAST(${Math.trunc(firstMonthIndex)} AS INTEGER) AS m0)`;

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
WITH ${placeCodes(r)},
${firstMonth(firstMonthIndex, `SELECT started_at AS month FROM ${r.visits} WHERE place_id IN (SELECT place_id FROM codes) AND device_id IN (SELECT device_id FROM ${r.panel})`)},
indexed AS (
  SELECT c.geo_no, v.device_id, ${monthIndex('v.started_at')} - first.m0 AS k
  FROM ${r.visits} v JOIN codes c ON c.place_id = v.place_id CROSS JOIN first WHERE v.device_id IN (SELECT device_id FROM ${r.panel})
),
grouped AS (
  SELECT geo_no, device_id, ${maskBlock('k')} AS block, ${maskBits('k')} AS months FROM indexed GROUP BY geo_no, device_id, ${maskBlock('k')}
)
SELECT ${GEO_TEXTS}, g.device_id, g.weight, g.age, g.gender, g.income, g.block, (SELECT m0 FROM first) AS first_month_index, g.months
FROM (
  SELECT grouped.*, d.weight, CAST(d.age AS VARCHAR) AS age, CAST(d.gender AS VARCHAR) AS gender, CAST(d.income AS VARCHAR) AS income
  FROM grouped JOIN ${r.panel} d ON d.device_id = grouped.device_id ORDER BY grouped.geo_no, grouped.device_id
) g`,

  /**
   * Every chain with visitors, ranked by its visitor rows (`visitors`: devices × DMAs × blocks; most first, then by
   * id), the masks' first month, and for the ${RANKED_CHAINS} first its column in crossVisitors (`slot`: its rank when
   * built whole; an append that leaves the same chains ranked keeps their slots, so that crossVisitors keeps its
   * columns). Built from chainVisitors as built whole (one row per key); an append adds the keys it brings
   * (rollups/append.ts).
   */
  chainRanks: (r) => `
SELECT chain_id, rank, first_month_index, visitors, CASE WHEN rank < ${RANKED_CHAINS} THEN rank END AS slot FROM (
  SELECT chain_id, CAST(ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, chain_id) - 1 AS INTEGER) AS rank, MIN(first_month_index) AS first_month_index,
         CAST(COUNT(*) AS BIGINT) AS visitors
  FROM ${r.chainVisitors} GROUP BY chain_id
) k ORDER BY rank`,

  /**
   * Per geography (the country and each DMA), device and mask block: the months it visited each of the
   * ${RANKED_CHAINS} top-ranked chains there, one column per slot (m<slot>, chainRanks), the device's demographics, and
   * `devices` 1. Cross-Visitation and the Movement Pivot's device counts read only the columns of the selected chains
   * from one row per device, with no grouping by device at query time. An append stores its devices' previous rows
   * again with `devices` -1 and their new rows after them: readers sum `devices` (and weight × devices).
   */
  crossVisitors: (r) => `
WITH v AS (
  SELECT c.country, c.dma_id, c.device_id, c.weight, c.age, c.gender, c.income, c.block, c.months, k.slot
  FROM ${r.chainVisitors} c JOIN ${r.chainRanks} k ON k.chain_id = c.chain_id WHERE k.slot IS NOT NULL
),
dmas AS (
  SELECT dma_id AS geography_id, country, device_id, weight, age, gender, income, block,
       ${chainMasks}
  FROM v GROUP BY dma_id, country, device_id, weight, age, gender, income, block
)
SELECT geography_id, device_id, weight, age, gender, income, block, ${slotColumns}, CAST(1 AS INTEGER) AS devices FROM dmas
UNION ALL
SELECT country, device_id, weight, age, gender, income, block, ${countryMasks}, CAST(1 AS INTEGER)
FROM dmas GROUP BY country, device_id, weight, age, gender, income, block
ORDER BY geography_id, block`,

  /**
   * Customer Journey (foot-traffic.md): per primary visit, its same-day neighbours before and after, skipping visits
   * of its own chain (skip = 'chain') or own category (skip = 'category'), with the neighbour's chain and category.
   * On a device's day without two visits at the same instant, consecutive visits of the same chain (category) form a
   * run and every visit of a run shares the neighbours just outside it (one sort by device and day). Days with such
   * ties (rare) take the direct reading instead: the latest strictly earlier (earliest strictly later) other-chain visit
   * by (started_at, visit_id). Only days with more than one visit are sorted (busyDays).
   */
  journeys: (r) => `
WITH ${placeCodes(r)},
${busyDays(r)},
e AS (${busyVisits(r, `v.visit_id, v.device_id, v.started_at, b.day, CAST(date_trunc('month', v.started_at) AS DATE) AS month, v.place_id,
         c.geo_no, c.chain_no, c.category_no, d.weight`, ` JOIN ${r.panel} d ON d.device_id = v.device_id`)}
),
ordered AS (
  SELECT e.*, ROW_NUMBER() OVER w AS rn,
         LAG(chain_no) OVER w AS prev_chain, LAG(category_no) OVER w AS prev_category, LAG(place_id) OVER w AS prev_place,
         LEAD(chain_no) OVER w AS next_chain, LEAD(category_no) OVER w AS next_category, LEAD(place_id) OVER w AS next_place,
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
  SELECT v.geo_no, v.chain_no, v.category_no, v.month, v.weight, v.visit_id, v.started_at,
         o.chain_no AS o_chain, o.category_no AS o_category, o.place_id AS o_place, o.started_at AS o_at, o.visit_id AS o_id
  FROM tied v JOIN tied o ON o.device_id = v.device_id AND o.day = v.day AND o.started_at <> v.started_at
),
neighbours AS (
${NEIGHBOURS}
),
grouped AS (
  SELECT n.geo_no, n.month, n.skip, n.relationship, x.taxonomy_no, SUM(n.weight) AS weighted, COUNT(*) AS visits
  FROM neighbours n JOIN codes x ON x.place_id = n.x_place GROUP BY n.geo_no, n.month, n.skip, n.relationship, x.taxonomy_no
),
taxonomies AS (SELECT DISTINCT taxonomy_no, chain_id, category_id FROM codes)
SELECT s.country, s.dma_id, s.chain_id, s.category_id, g.month, g.skip, g.relationship, x.chain_id AS x_chain, x.category_id AS x_category,
       CAST(g.weighted AS FLOAT8) AS weighted, CAST(g.visits AS BIGINT) AS visits
FROM grouped g JOIN geos s ON s.geo_no = g.geo_no JOIN taxonomies x ON x.taxonomy_no = g.taxonomy_no
ORDER BY g.skip, g.geo_no, g.month`,

  /**
   * Every device that visited a chain at a DMA's places on a day, once: the exact sample sizes of daily figures (the
   * trailing 7-day windows of Indexed Foot Traffic), which month masks cannot resolve.
   */
  dayVisitors: (r) => `
WITH ${placeCodes(r)},
grouped AS (SELECT DISTINCT c.geo_no, CAST(v.started_at AS DATE) AS day, v.device_id FROM ${r.visits} v JOIN codes c ON c.place_id = v.place_id)
SELECT ${GEO_TEXTS}, g.day, g.device_id FROM (SELECT * FROM grouped ORDER BY geo_no, day) g`,

  /**
   * The devices behind Customer Journey's shares: per skip rule (own chain, own category) and relationship, each device
   * with a visit to a chain at a DMA's places that has a same-day neighbour of that relationship, as a months mask like
   * chainVisitors. A device's visits to chain (category) K on a day have a neighbour before when its earliest visit that
   * day to anything but K started strictly before its latest visit to K there, and after when its latest visit to
   * anything but K started strictly after its earliest one there (the journeys rollup's neighbours, existence only):
   * some visit of K has another-chain visit strictly before (after) it, read in one sort of the busy days' visits.
   */
  journeyVisitors: (r, firstMonthIndex) => `
WITH ${placeCodes(r)},
${busyDays(r)},
${firstMonth(firstMonthIndex, `SELECT started_at AS month FROM ${r.visits} WHERE place_id IN (SELECT place_id FROM codes)`)},
e AS (${busyVisits(r, 'v.device_id, v.started_at, b.day, c.geo_no, c.chain_no, c.category_no')}),
flags AS (
  SELECT device_id, started_at, geo_no, chain_no, category_no,
${JOURNEY_FLAGS}
  FROM e
  WINDOW earlier AS (PARTITION BY device_id, day ORDER BY started_at RANGE BETWEEN UNBOUNDED PRECEDING AND INTERVAL '1 microsecond' PRECEDING),
         later AS (PARTITION BY device_id, day ORDER BY started_at RANGE BETWEEN INTERVAL '1 microsecond' FOLLOWING AND UNBOUNDED FOLLOWING)
),
flagged AS (
${SKIPS.flatMap((skip) =>
  RELATIONSHIPS.map(
    (relationship) => `  SELECT '${skip}' AS skip, '${relationship}' AS relationship, geo_no, device_id, started_at FROM flags
  WHERE ${relationship}_${skip}_lo <> ${skip}_no OR ${relationship}_${skip}_hi <> ${skip}_no`,
  ),
).join('\n  UNION ALL\n')}
),
indexed AS (SELECT flagged.*, ${monthIndex('flagged.started_at')} - first.m0 AS k FROM flagged CROSS JOIN first),
grouped AS (
  SELECT skip, relationship, geo_no, device_id, ${maskBlock('k')} AS block, ${maskBits('k')} AS months
  FROM indexed GROUP BY skip, relationship, geo_no, device_id, ${maskBlock('k')}
)
SELECT g.skip, g.relationship, ${GEO_TEXTS}, g.device_id, g.block, (SELECT m0 FROM first) AS first_month_index, g.months
FROM (SELECT * FROM grouped ORDER BY skip, geo_no) g`,

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
   * window's devices are d0(D) + d1(D−1) + … + d6(D−6). One sort by (device, day) per chain and geography finds each
   * row's next day; at the country a device's day appears once per DMA it visited, and its copies but the last have a
   * gap of 0 and count in no dk, so no DISTINCT is needed.
   */
  dayDevices: (r) => `
WITH ${placeCodes(r)},
chains AS (SELECT DISTINCT chain_id, chain_no FROM codes),
geographies AS (
  SELECT geography_id, DENSE_RANK() OVER (ORDER BY geography_id) AS geo_no
  FROM (SELECT CAST(dma_id AS VARCHAR) AS geography_id FROM ${r.places} UNION SELECT CAST(country AS VARCHAR) FROM ${r.places}) g
),
coded AS (
  SELECT c.chain_no, m.geo_no AS dma_no, n.geo_no AS country_no, v.device_id, v.day
  FROM ${r.dayVisitors} v JOIN chains c ON c.chain_id IS NOT DISTINCT FROM v.chain_id
  JOIN geographies m ON m.geography_id = v.dma_id JOIN geographies n ON n.geography_id = v.country
),
d AS (SELECT chain_no, dma_no AS geo_no, device_id, day FROM coded UNION ALL SELECT chain_no, country_no, device_id, day FROM coded),
gaps AS (
  SELECT chain_no, geo_no, day, CASE WHEN LEAD(device_id) OVER w = device_id THEN LEAST(LEAD(day) OVER w - day, 7) ELSE 7 END AS gap
  FROM d WINDOW w AS (PARTITION BY chain_no, geo_no ORDER BY device_id, day)
),
per_gap AS (SELECT chain_no, geo_no, day, gap, COUNT(*) AS n FROM gaps WHERE gap > 0 GROUP BY chain_no, geo_no, day, gap),
counted AS (
  SELECT chain_no, geo_no, day,
         ${Array.from({ length: 7 }, (_, k) => `SUM(CASE WHEN gap > ${k} THEN n ELSE 0 END) AS d${k}`).join(',\n         ')}
  FROM per_gap GROUP BY chain_no, geo_no, day
)
SELECT c.chain_id, g.geography_id, n.day, ${Array.from({ length: 7 }, (_, k) => `CAST(n.d${k} AS BIGINT) AS d${k}`).join(', ')}
FROM counted n JOIN chains c ON c.chain_no = n.chain_no JOIN geographies g ON g.geo_no = n.geo_no
ORDER BY c.chain_id, g.geography_id, n.day`,
};
