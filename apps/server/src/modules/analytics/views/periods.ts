// The periods of a window for the view SQL. The formats and their arithmetic are @atlas/domain's (periods.ts).
import { convertPeriod, periodBounds, periodsFromTo, periodWindow, type PeriodGranularity } from '@atlas/domain';

/** The periods start..end (inclusive) in order, each with its half-open window, calendar and standard days. */
export const periodsBetween = (granularity: Exclude<PeriodGranularity, 'daily'>, start: string, end: string) =>
  periodsFromTo(granularity, start, end).map((value) => ({ value, epochMs: periodBounds(granularity, value).startMs, ...periodWindow(granularity, value) }));

/**
 * CTE `pr` of the months of the periods (whole months: monthly or quarterly): month (its first day), pi (its period's
 * 1-based position) and factor = standard days ÷ the period's calendar days, so that joining a rollup row to its month
 * normalizes it by its own period. An equality join on the rollups' month: a range join to the periods' windows ran as
 * a nested loop over every row (36 periods × 2.6 M monthly cells at 100 M visits: seconds). $first months, $first+1
 * positions, $first+2 factors; `periodParams` gives the three lists.
 */
export const periodsCte = (first: number) => `
pr AS (SELECT unnest($${first}::VARCHAR[])::DATE AS month, unnest($${first + 1}::INTEGER[]) AS pi, unnest($${first + 2}::FLOAT8[]) AS factor)`;

/** The first day of each month of a period (a month, or a quarter's three), as YYYY-MM-DD. */
const monthsOf = (period: string) =>
  periodsFromTo('monthly', convertPeriod(period, 'monthly', 'start'), convertPeriod(period, 'monthly', 'end')).map((month) => periodWindow('monthly', month).start);

export function periodParams(periods: ReturnType<typeof periodsBetween>): [string[], number[], number[]] {
  const rows = periods.flatMap((period, k) => monthsOf(period.value).map((month) => ({ month, pi: k + 1, factor: period.standardDays / period.days })));
  return [rows.map((row) => row.month), rows.map((row) => row.pi), rows.map((row) => row.factor)];
}
