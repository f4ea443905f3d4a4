// Period arithmetic shared by the views (foot-traffic.md "Periods"): calendar days, half-open windows, UTC first days.
import type { PeriodGranularity } from '@atlas/domain';

export const DAY_MS = 86_400_000;
/** A UTC epoch ms as its 'YYYY-MM-DD' day. */
export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day (UTC ms) of a 'YYYY-MM' or 'YYYY-Qn' period, and the first day of the next one. */
export function periodBounds(granularity: Exclude<PeriodGranularity, 'daily'>, value: string): { startMs: number; endMs: number } {
  const year = Number(value.slice(0, 4));
  const month = granularity === 'monthly' ? Number(value.slice(5, 7)) - 1 : (Number(value.slice(6)) - 1) * 3;
  const months = granularity === 'monthly' ? 1 : 3;
  return { startMs: Date.UTC(year, month, 1), endMs: Date.UTC(year, month + months, 1) };
}

/** A period as the half-open window [start, end) of dates, its calendar days and the standard days it is normalized to. */
export function periodWindow(granularity: Exclude<PeriodGranularity, 'daily'>, value: string) {
  const { startMs, endMs } = periodBounds(granularity, value);
  return { start: iso(startMs), end: iso(endMs), days: (endMs - startMs) / DAY_MS, standardDays: granularity === 'monthly' ? 30 : 91 };
}

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The period holding a 'YYYY-MM-DD' day (the first day of a period, as SQL answers it), and its UTC first-day epoch ms. */
export function periodOfDay(granularity: PeriodGranularity, day: string): { value: string; epochMs: number } {
  const month = Number(day.slice(5, 7));
  const value = granularity === 'daily' ? day.slice(0, 10) : granularity === 'monthly' ? day.slice(0, 7) : `${day.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
  const epochMs = granularity === 'daily' ? Date.parse(`${value}T00:00:00Z`) : periodBounds(granularity, value).startMs;
  return { value, epochMs };
}

/** The periods start..end (inclusive) in order, each with its half-open window, calendar and standard days. */
export function periodsBetween(granularity: Exclude<PeriodGranularity, 'daily'>, start: string, end: string) {
  const periods = [];
  for (let value = start; value <= end; value = periodOfDay(granularity, iso(periodBounds(granularity, value).endMs)).value)
    periods.push({ value, epochMs: periodBounds(granularity, value).startMs, ...periodWindow(granularity, value) });
  return periods;
}

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
