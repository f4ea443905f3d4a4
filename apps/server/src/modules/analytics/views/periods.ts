// The periods of a window for the view SQL. The formats and their arithmetic are @atlas/domain's (periods.ts).
import { periodBounds, periodsFromTo, periodWindow, type PeriodGranularity } from '@atlas/domain';

/** The periods start..end (inclusive) in order, each with its half-open window, calendar and standard days. */
export const periodsBetween = (granularity: Exclude<PeriodGranularity, 'daily'>, start: string, end: string) =>
  periodsFromTo(granularity, start, end).map((value) => ({ value, epochMs: periodBounds(granularity, value).startMs, ...periodWindow(granularity, value) }));

/**
 * CTE `pr` of the periods: pi (1-based position), start_at, end_at (half-open) and factor = standard days ÷ the period's
 * calendar days, so that joining a visit to its own period normalizes it by that period. $first starts, $first+1 ends,
 * $first+2 standard days; `periodParams` gives the three values.
 */
export const periodsCte = (first: number) => `
pr AS (
  SELECT s.pi, s.start_at::TIMESTAMP AS start_at, s.end_at::TIMESTAMP AS end_at,
         $${first + 2}::FLOAT8 / CAST(s.end_at::DATE - s.start_at::DATE AS FLOAT8) AS factor
  FROM (SELECT unnest($${first}::VARCHAR[]) AS start_at, unnest($${first + 1}::VARCHAR[]) AS end_at,
               generate_subscripts($${first}::VARCHAR[], 1) AS pi) AS s
)`;

export const periodParams = (periods: ReturnType<typeof periodsBetween>) => [
  periods.map((period) => period.start),
  periods.map((period) => period.end),
  periods[0]!.standardDays,
];
