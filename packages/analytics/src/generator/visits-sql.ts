// The visits query: N rows (visit indexes 0..N-1), every random choice a bit field of DuckDB
// hash(i + offset) (a fixed bijective 64-bit mixer, so the rows do not depend on threads or
// chunking), and only equality joins to four small tables: devices, day alias, minute alias, place slots.
//
// Visits come in pairs (2t, 2t+1). With probability JOINT a pair is one trip: both visits share
// the device, the day and whether the trip is away from home, and the second starts after the
// first ends (same-day before/after neighbours for Customer Journey). Otherwise both are
// independent.
//
// Normals are Irwin-Hall sums of three 16-bit uniforms (only arithmetic, tails cut at ±3 sd);
// days and start minutes come from per-chain alias tables (exact discrete distributions).
import { CDF_BITS, REP_AWAY_SHIFT, REP_CHAIN_BITS, REP_HOME_SHIFT } from './device-layout.js';

export interface VisitsSqlInput {
  readonly visits: number;
  /** Five 62-bit stream offsets (decimal). */
  readonly offsets: readonly string[];
  /** Device activity tiers: device index range [lo, lo + n) drawn when 32 random bits fall in [from, to). */
  readonly tiers: readonly { lo: number; n: number; from: number; to: number }[];
  readonly days: number;
  /** Epoch microseconds of the first day at 00:00 (local time stored as is). */
  readonly startMicros: number;
  /** Weekday of the first day, 0 = Monday. */
  readonly startDow: number;
  readonly markets: number;
  readonly placeSlots: number;
  /** Rows per entry of the blocks table (see indexes). */
  readonly block: number;
}

/** Share of visit pairs that are one trip (so about JOINT / 2 of the visits follow another the same day). */
export const JOINT = 0.4;
/** Share of trips to the device's away market (where it travels). */
export const TRAVEL = 0.1;
export const MINUTES = 1440;
const MASK32 = '4294967295';

/**
 * The visit indexes 0..n-1. DuckDB's range() is a single-threaded source, so the indexes are
 * unnested from a table of blocks (about 500k rows, several row groups) that the threads split.
 */
const indexes = (n: number, block: number): string =>
  `SELECT unnest(range(b * ${block}, least(b * ${block} + ${block}, ${n}))) AS i FROM blocks`;

/** Block size for n visits: about 500k blocks, so that even small panels scan in parallel. */
export const blockSize = (n: number): number => Math.max(1, Math.min(4096, Math.floor(n / 500_000)));

/** Bits [shift, shift + width) of a 64-bit hash as BIGINT. */
const field = (h: string, shift: number, width: number): string =>
  width === 32 && shift === 0 ? `(${h} & ${MASK32})::BIGINT` : `((${h} >> ${shift}) & ${2 ** width - 1})::BIGINT`;

/** Standard normal (approximately) from bits [shift, shift + 48): three 16-bit uniforms. */
const normal = (h: string, shift: number): string =>
  `((${field(h, shift, 16)} + ${field(h, shift + 16, 16)} + ${field(h, shift + 32, 16)})::DOUBLE / 65536 - 1.5) * 2`;

/** Repertoire chain for 8 random bits: how many cumulative thresholds they reach picks the rank. */
const chainOf = (u8: string): string => {
  const rank = Array.from({ length: 7 }, (_, r) => `(${u8} >= ((cdf >> ${r * CDF_BITS}) & ${2 ** CDF_BITS - 1}))::INTEGER`).join(' + ');
  return `((rep >> (${REP_CHAIN_BITS} * (${rank}))) & ${2 ** REP_CHAIN_BITS - 1})::INTEGER`;
};

/** Alias-table draw from 32 random bits (a BIGINT column): index j = ⌊u·n⌋, then the fractional coin. */
const aliasIndex = (draw: string): string => `(${draw} >> 32)::INTEGER`;
const aliasPick = (draw: string, table: string): string =>
  `CASE WHEN (${draw} & ${MASK32}) < ${table}.q THEN (${draw} >> 32)::INTEGER ELSE ${table}.alias END`;

/** Lognormal dwell rounded to 0.1 minute (floor(x + 0.5) is far cheaper than round(x, 1) in DuckDB). */
const dwell = (mu: string, sigma: string, z: string): string => `floor(exp(${mu} + ${sigma} * ${z}) * 10 + 0.5) / 10`;

/**
 * A SELECT of visit rows (generation index i plus the output columns), not yet ordered.
 * Per-chain parameters come through the joins (day_alias carries the trip chain's dwell
 * parameters, place_slots the visit's own), because list lookups cost more than a join here.
 */
export const visitsSelect = (input: VisitsSqlInput): string => {
  const [s0, s1, s2, s3, s4] = input.offsets;
  const slotBits = Math.log2(input.placeSlots);
  const joint = Math.floor(JOINT * 2 ** 32);
  const device = `CASE ${input.tiers
    .map((t) => `WHEN ud < ${t.to} THEN ${t.lo} + (ud - ${t.from}) * ${t.n} // ${t.to - t.from}`)
    .join(' ')} END`;
  return `
WITH
keyed AS (
  SELECT i, isb, k, gap FROM (
    SELECT i, h0,
      (h0 >> 32) < ${joint} AND (i & 1) = 1 AS isb,
      CASE WHEN (h0 >> 32) < ${joint} THEN i - (i & 1) ELSE i END AS k,
      (5 + (h0 & 65535) % 40)::INTEGER AS gap
    FROM (SELECT i, hash((i >> 1) + ${s0}) AS h0 FROM (${indexes(input.visits, input.block)}))
  )
),
hashed AS (
  SELECT i, isb, gap,
    hash(k + ${s1}) AS h1,                         -- trip: hi device, lo day
    hash(k + ${s2}) AS h2,                         -- first visit: bits 56+ repertoire, lo start minute
    hash(k + ${s3}) AS h3,                         -- first visit: bits 0+ dwell normal; trip: 48+ travel
    hash(i + ${s4}) AS h4,                         -- this visit: bits 59+ place slot, 0+ seconds
    CASE WHEN isb THEN hash(i + ${s2}) END AS h2b, -- second visit of a trip: its own repertoire draw
    CASE WHEN isb THEN hash(i + ${s3}) END AS h3b  -- and its own dwell
  FROM keyed
),
bits AS (
  SELECT i, isb, gap,
    (h1 >> 32)::BIGINT AS ud,
    ${field('h1', 0, 32)} * ${input.days} AS day_draw,
    ${field('h2', 56, 8)} AS slot_a,
    ${field('h2', 0, 32)} * ${MINUTES} AS minute_draw,
    ${normal('h3', 0)} AS z_a,
    ${field('h3', 48, 16)} < ${Math.floor(TRAVEL * 65536)} AS travel,
    ${field('h4', 64 - slotBits, slotBits)}::INTEGER AS place_slot,
    (${field('h4', 0, 16)} % 60)::INTEGER AS second,
    ${field('h2b', 56, 8)} AS slot_b,
    ${normal('h3b', 0)} AS z_b
  FROM hashed
),
chosen AS (
  SELECT i, isb, gap, day_draw, minute_draw, z_a, z_b, place_slot, second, d.device_id,
    ${chainOf('slot_a')} AS chain_a,
    CASE WHEN isb THEN ${chainOf('slot_b')} END AS chain_b,
    ((rep >> (CASE WHEN travel THEN ${REP_AWAY_SHIFT} ELSE ${REP_HOME_SHIFT} END)) & 127)::INTEGER AS market
  FROM (SELECT *, (${device})::INTEGER AS dev FROM bits) b JOIN devices d ON d.idx = b.dev
),
dated AS (
  SELECT c.*, ${aliasPick('c.day_draw', 'a')} AS day,
    CASE WHEN isb THEN ${dwell('a.mu', 'a.sigma', 'z_a')} END AS dwell_a
  FROM chosen c JOIN day_alias a ON a.key = c.chain_a * ${input.days} + ${aliasIndex('c.day_draw')}
),
clocked AS (
  SELECT d.*, ${aliasPick('d.minute_draw', 'm')} AS minute_a
  FROM dated d JOIN minute_alias m
    ON m.key = (d.chain_a * 2 + ((d.day + ${input.startDow}) % 7 >= 5)::INTEGER) * ${MINUTES} + ${aliasIndex('d.minute_draw')}
),
visits AS (
  SELECT i, device_id, place_id,
    make_timestamp(${input.startMicros} + day::BIGINT * 86400000000 + 1000000 * (second + 60 * (
      CASE WHEN NOT isb THEN minute_a
           WHEN minute_a + ceil(dwell_a)::INTEGER + gap < ${MINUTES} THEN minute_a + ceil(dwell_a)::INTEGER + gap
           ELSE greatest(0, minute_a - gap - ceil(dwell)::INTEGER) END))::BIGINT) AS started_at,
    dwell AS dwell_minutes
  FROM (
    SELECT c.*, s.place_id, ${dwell('s.mu', 's.sigma', 'CASE WHEN isb THEN z_b ELSE z_a END')} AS dwell
    FROM clocked c JOIN place_slots s
      ON s.key = ((CASE WHEN isb THEN chain_b ELSE chain_a END) * ${input.markets} + market) * ${input.placeSlots} + place_slot
  )
)`;
};

/** A file path as an SQL string literal. */
export const sqlPath = (file: string): string => `'${file.replaceAll("'", "''")}'`;

/**
 * Writes the visits of the blocks table (one batch) as Parquet under `dir`, one folder per place bucket
 * (`bucket=k`: places ranked `(place_id - 1) * buckets / places`, so buckets are ranges of place ids in order).
 * Rows are unordered: each bucket is sorted on its own afterwards.
 */
export const visitsBatchCopy = (input: VisitsSqlInput, dir: string, batch: number, buckets: number, places: number): string => `
COPY (
  ${visitsSelect(input)}
  SELECT i, device_id, place_id, started_at, dwell_minutes, (place_id - 1) * ${buckets} // ${places} AS bucket FROM visits
) TO ${sqlPath(dir)} (FORMAT parquet, COMPRESSION snappy, PARTITION_BY (bucket), FILENAME_PATTERN 'batch${batch}_{i}', OVERWRITE_OR_IGNORE)`;

/**
 * A bucket's visits ordered by place and time into `file`, visit_id = rank in that order after the `offset` visits of
 * the buckets before (so the buckets' files in order are the panel's visits in order).
 */
export const bucketSortCopy = (files: string, offset: number, file: string, options: string): string => `
COPY (
  SELECT (${offset} + row_number() OVER (ORDER BY place_id, started_at, i))::BIGINT AS visit_id, device_id, place_id, started_at, dwell_minutes
  FROM read_parquet(${sqlPath(files)}, hive_partitioning = false)
  ORDER BY visit_id
) TO ${sqlPath(file)} (${options})`;
