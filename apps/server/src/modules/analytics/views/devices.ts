// Sample sizes (issue 21 "Sample sizes"): every row counts the distinct panel devices behind its figure, exactly, from
// the rollups that keep devices. A window of months within one mask block sums the per-mask device counts of
// visitorMasks / journeyMasks (a few thousand rows per key); a window across two blocks (panels longer than the block)
// counts devices in chainVisitors / journeyVisitors instead. Daily windows read dayDevices.
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

/** A window's first and last month index, as two query parameters. */
export const monthParams = (start: string, end: string) => {
  const months = monthWindow(start, end);
  return [months.first, months.last];
};

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

/** Whether every window lies within one mask block, so that per-mask device counts add up exactly. */
export async function withinBlocks(sql: SqlRunner, r: PanelRelations, windows: MonthWindow[]): Promise<boolean> {
  const m0 = await firstMonthIndex(sql, r);
  const block = (month: number) => Math.floor((month - m0) / MASK_MONTHS);
  return windows.every((w) => block(w.first) === block(w.last));
}

/**
 * SQL: the devices of the masks rollup rows (alias `a`, already narrowed to one key) whose months meet the window:
 * SUM(devices) over visitorMasks / journeyMasks, or COUNT(DISTINCT device_id) over chainVisitors / journeyVisitors.
 */
export const devicesMeeting = (a: string, first: string, last: string, masks: boolean) =>
  masks ? `SUM(CASE WHEN ${meetsMonths(a, first, last)} THEN ${a}.devices ELSE 0 END)` : `COUNT(DISTINCT CASE WHEN ${meetsMonths(a, first, last)} THEN ${a}.device_id END)`;

/**
 * CTE `dev` (chain_id, devices): per chain of CTE `c` (column id), the distinct devices that visited it at the DMA's
 * places (`dma`) in the months `first`..`last` (parameter expressions): the sample behind a chain's shares, medians
 * and means there. `masks`: the window lies within one block (withinBlocks).
 */
export const chainDevicesCte = (r: PanelRelations, masks: boolean, dma: string, first: string, last: string) =>
  masks
    ? `
dev AS (
  SELECT m.taxonomy_id AS chain_id, ${devicesMeeting('m', first, last, true)} AS devices FROM ${r.visitorMasks} m
  WHERE m.geography_id = ${dma} AND m.taxonomy_id IN (SELECT id FROM c)
  GROUP BY m.taxonomy_id
)`
    : `
dev AS (
  SELECT cv.chain_id, ${devicesMeeting('cv', first, last, false)} AS devices FROM ${r.chainVisitors} cv
  WHERE cv.dma_id = ${dma} AND cv.chain_id IN (SELECT id FROM c)
  GROUP BY cv.chain_id
)`;

/** A device count as the rows carry it: an integer, 0 when nothing was counted. */
export const deviceCount = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
