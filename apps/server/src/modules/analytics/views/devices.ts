// Sample sizes (issue 21 "Sample sizes"): every row counts the distinct panel devices behind its figure, exactly, from
// the rollups that keep devices. A window of months within one mask block sums the devices whose first month in it
// lies in it (visitorFirsts, at most 1,953 rows per key) or the per-mask device counts of journeyMasks; a window across
// two blocks (panels longer than the block) counts devices in chainVisitors / journeyVisitors instead. Daily windows
// read dayDevices.
import { MASK_MONTHS } from '../rollups/definitions.js';
import type { PanelRelations, SqlRunner } from './types.js';

/** Months as indexes (year × 12 + month − 1), first and last inclusive. */
export interface MonthWindow {
  first: number;
  last: number;
}

/** The month index of an ISO day ('YYYY-MM-DD') or month ('YYYY-MM'). */
export const monthIndexOf = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;

/** The months of a half-open window of days start..end ('YYYY-MM-DD', end excluded), where both are month starts. */
export const monthWindow = (start: string, end: string): MonthWindow => ({ first: monthIndexOf(start), last: monthIndexOf(end) - 1 });

/**
 * SQL: whether a row (alias `a`) of a months-mask rollup has a month in `first`..`last` (month-index SQL expressions).
 * Each row's mask covers its own block of months, so the window is cut to the block first; a window outside it meets
 * nothing.
 */
export function meetsMonths(a: string, first: string, last: string): string {
  const lo = `GREATEST(CAST(${first} AS INTEGER) - ${a}.first_month_index - ${a}.block * ${MASK_MONTHS}, 0)`;
  const hi = `LEAST(CAST(${last} AS INTEGER) - ${a}.first_month_index - ${a}.block * ${MASK_MONTHS}, ${MASK_MONTHS - 1})`;
  return `(${hi} >= ${lo} AND (${a}.months & (((CAST(1 AS BIGINT) << (${hi} - ${lo} + 1)) - 1) << ${lo})) <> 0)`;
}

// The masks' first month per rollup build, read once per process where the relation names an immutable Parquet file
// of the embedded engine (a new build is a new file); a warehouse table may be rebuilt under its name, so it is read
// each time there. Bounded: the oldest builds' entries go first.
const firstMonths = new Map<string, Promise<number>>();
const KEPT_BUILDS = 64;

/** The month index the masks count from (the data's first month). */
export function firstMonthIndex(sql: SqlRunner, r: PanelRelations): Promise<number> {
  const read = () => sql.queryRows(`SELECT MIN(first_month_index) AS m0 FROM ${r.chainRanks}`, []).then((rows) => Number(rows[0]?.m0 ?? 0));
  if (!r.chainRanks.startsWith('read_parquet(')) return read();
  let known = firstMonths.get(r.chainRanks);
  if (!known) {
    known = read();
    known.catch(() => firstMonths.delete(r.chainRanks));
    firstMonths.set(r.chainRanks, known);
    if (firstMonths.size > KEPT_BUILDS) firstMonths.delete(firstMonths.keys().next().value!);
  }
  return known;
}

/** A window of months within one mask block: the block, and the window's months as bits of that block's masks. */
export interface MaskWindow {
  block: number;
  /** A BIGINT as decimal text (bound as text and cast: both dialects, no BigInt through a driver). */
  bits: string;
}

/** The mask block of a month, counted from the masks' first month `m0`. */
const blockOf = (m0: number, month: number) => Math.floor((month - m0) / MASK_MONTHS);

const sameBlock = (m0: number, windows: MonthWindow[]) => windows.every((w) => blockOf(m0, w.first) === blockOf(m0, w.last));

/** Whether every window lies within one mask block, so that per-mask device counts add up exactly. */
export async function withinBlocks(sql: SqlRunner, r: PanelRelations, windows: MonthWindow[]): Promise<boolean> {
  return sameBlock(await firstMonthIndex(sql, r), windows);
}

/** Windows as parameters: first and last month index each. */
export const monthParams = (windows: MonthWindow[]): number[] => windows.flatMap((w) => [w.first, w.last]);

/**
 * Each window as journeyMasks reads it, or null when one lies across two mask blocks (per-mask device counts add up
 * exactly only within one). Every row of a build counts its months from the same first month (the data's, or the
 * panel's for an appended part), so a window's bits are computed once here instead of for every row (a key holds
 * thousands of masks).
 */
export async function maskWindows(sql: SqlRunner, r: PanelRelations, windows: MonthWindow[]): Promise<MaskWindow[] | null> {
  // One read of the first month (a warehouse's is not kept between queries).
  const m0 = await firstMonthIndex(sql, r);
  if (!sameBlock(m0, windows)) return null;
  return windows.map((w) => {
    const block = blockOf(m0, w.first);
    const bits = ((1n << BigInt(w.last - w.first + 1)) - 1n) << BigInt(w.first - m0 - block * MASK_MONTHS);
    return { block, bits: bits.toString() };
  });
}

/** Mask windows as parameters: block and bits each. */
export const maskParams = (masked: MaskWindow[]): unknown[] => masked.flatMap((w) => [w.block, w.bits]);

/** SQL: the devices of masks rollup rows (alias `a`, already narrowed to one key) in a window (block, bits parameters). */
export const devicesInWindow = (a: string, block: string, bits: string) =>
  `SUM(CASE WHEN ${a}.block = CAST(${block} AS INTEGER) AND (${a}.months & CAST(${bits} AS BIGINT)) <> 0 THEN ${a}.devices ELSE 0 END)`;

/**
 * SQL: the distinct devices of per-device rows (alias `a`: chainVisitors, journeyVisitors) whose months meet the window
 * `first`..`last` (month-index SQL expressions), across mask blocks.
 */
export const devicesMeeting = (a: string, first: string, last: string) => `COUNT(DISTINCT CASE WHEN ${meetsMonths(a, first, last)} THEN ${a}.device_id END)`;

/**
 * SQL: the devices of visitorFirsts rows (alias `f`, already narrowed to one key) in the window `first`..`last`
 * (month-index SQL expressions, within one mask block): those whose first month in it is one of its months. Rows of
 * other blocks fall outside the window's bits there.
 */
export function devicesFirstIn(f: string, first: string, last: string): string {
  const bit = (month: string) => `(CAST(${month} AS INTEGER) - ${f}.first_month_index - ${f}.block * ${MASK_MONTHS})`;
  return `SUM(CASE WHEN ${f}.month >= ${bit(first)} AND ${f}.month <= ${bit(last)} AND ${f}.prev < ${bit(first)} THEN ${f}.devices ELSE 0 END)`;
}

/**
 * CTE `dev` (chain_id, devices): per chain of CTE `c` (column id), the distinct devices that visited it at the DMA's
 * places (`dma`) in the months `first`..`last` (parameter expressions): the sample behind a chain's shares, medians
 * and means there. `masks`: the window lies within one block (withinBlocks), read from visitorFirsts.
 */
export const chainDevicesCte = (r: PanelRelations, masks: boolean, dma: string, first: string, last: string) =>
  masks
    ? `
dev AS (
  SELECT f.taxonomy_id AS chain_id, ${devicesFirstIn('f', first, last)} AS devices FROM ${r.visitorFirsts} f
  WHERE f.geography_id = ${dma} AND f.taxonomy_id IN (SELECT id FROM c)
  GROUP BY f.taxonomy_id
)`
    : `
dev AS (
  SELECT cv.chain_id, ${devicesMeeting('cv', first, last)} AS devices FROM ${r.chainVisitors} cv
  WHERE cv.dma_id = ${dma} AND cv.chain_id IN (SELECT id FROM c)
  GROUP BY cv.chain_id
)`;

/** A device count as the rows carry it: an integer, 0 when nothing was counted. */
export const deviceCount = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
