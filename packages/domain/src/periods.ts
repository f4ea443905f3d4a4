// The period formats of bi-and-admin.md §9 (YYYY-MM-DD daily, YYYY-MM monthly, YYYY-Qn quarterly) and their
// arithmetic, in one place for the server's views, the web app's charts and query bar, and the set definitions.
// A period's first day is read as UTC (foot-traffic.md "Periods": period_epoch_ms).
import type { PeriodGranularity } from './schemas/analytics.js';

export const PERIOD_PATTERNS: Readonly<Record<PeriodGranularity, RegExp>> = {
  daily: /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  monthly: /^(\d{4})-(0[1-9]|1[0-2])$/,
  quarterly: /^(\d{4})-Q([1-4])$/,
};

export const DAY_MS = 86_400_000;
/** Standard days a period's visits are normalized to (foot-traffic.md "normalized_visits"). */
export const STANDARD_DAYS: Readonly<Record<PeriodGranularity, number>> = { daily: 1, monthly: 30, quarterly: 91 };

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC epoch ms as its 'YYYY-MM-DD' day. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether the text is a period of the granularity; a daily one must be a calendar day (no 2025-02-30). */
export function isPeriod(granularity: PeriodGranularity, value: string): boolean {
  if (!PERIOD_PATTERNS[granularity].test(value)) return false;
  return granularity !== 'daily' || isoDay(Date.parse(`${value}T00:00:00Z`)) === value;
}

/** The granularity a period is written in, or null when it is none of the three formats. */
export function granularityOf(value: string): PeriodGranularity | null {
  return (Object.keys(PERIOD_PATTERNS) as PeriodGranularity[]).find((granularity) => isPeriod(granularity, value)) ?? null;
}

/** The year, month (1-12) and day of a period's first day; throws when the text is not such a period. */
function firstDayOf(granularity: PeriodGranularity, value: string): { year: number; month: number; day: number } {
  const parts = isPeriod(granularity, value) ? PERIOD_PATTERNS[granularity].exec(value) : null;
  if (!parts) throw new Error(`Not a ${granularity} period: ${value}`);
  const year = Number(parts[1]);
  if (granularity === 'quarterly') return { year, month: (Number(parts[2]) - 1) * 3 + 1, day: 1 };
  return { year, month: Number(parts[2]), day: granularity === 'daily' ? Number(parts[3]) : 1 };
}

/** UTC ms of the period's first day (its period_epoch_ms) and of the next period's first day. */
export function periodBounds(granularity: PeriodGranularity, value: string): { startMs: number; endMs: number } {
  const { year, month, day } = firstDayOf(granularity, value);
  const startMs = Date.UTC(year, month - 1, day);
  if (granularity === 'daily') return { startMs, endMs: startMs + DAY_MS };
  return { startMs, endMs: Date.UTC(year, month - 1 + (granularity === 'monthly' ? 1 : 3), 1) };
}

/** The period of the granularity that holds a UTC instant (ms), in its §9 format. */
export function periodAt(granularity: PeriodGranularity, ms: number): string {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  if (granularity === 'daily') return isoDay(ms);
  if (granularity === 'monthly') return `${year}-${pad(month)}`;
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The period holding a 'YYYY-MM-DD…' day (as SQL answers a period's first day), with its period_epoch_ms. */
export function periodOfDay(granularity: PeriodGranularity, day: string): { value: string; epochMs: number } {
  const value = periodAt(granularity, Date.parse(`${day.slice(0, 10)}T00:00:00Z`));
  return { value, epochMs: periodBounds(granularity, value).startMs };
}

/** Every period from start to end (inclusive), in order. */
export function periodsFromTo(granularity: PeriodGranularity, start: string, end: string): string[] {
  const periods: string[] = [];
  for (let value = start; value <= end; value = periodAt(granularity, periodBounds(granularity, value).endMs)) periods.push(value);
  return periods;
}

/** A period's half-open window of days [start, end), its calendar days and the standard days it is normalized to. */
export function periodWindow(granularity: PeriodGranularity, value: string) {
  const { startMs, endMs } = periodBounds(granularity, value);
  return { start: isoDay(startMs), end: isoDay(endMs), days: (endMs - startMs) / DAY_MS, standardDays: STANDARD_DAYS[granularity] };
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The period of another granularity that a period stands for, taking the first (`edge` start) or last (`edge` end) finer
 * period when the target is finer: 2025-Q2 → 2025-04 or 2025-06; 2025-06 → 2025-06-01 or 2025-06-30; 2025-06-15 → 2025-Q2.
 */
export function convertPeriod(period: string, to: PeriodGranularity, edge: 'start' | 'end'): string {
  const from = granularityOf(period);
  if (!from || from === to) return period;
  const { year, month: firstMonth } = firstDayOf(from, period);
  const month = from === 'quarterly' && edge === 'end' ? firstMonth + 2 : firstMonth;
  if (to === 'quarterly') return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
  if (to === 'monthly') return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(edge === 'start' ? 1 : lastDayOfMonth(year, month))}`;
}
