// Period arithmetic shared by the views (foot-traffic.md "Periods"): calendar days, half-open windows, UTC first days.
import type { PeriodGranularity } from '@atlas/domain';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
