// Periods of the query bar: their labels ("Jan 2025", "2025 Q1"), the periods a range offers, the ranges a parameter
// offers, and how a value follows a change of granularity or of one of its ends (bi-and-admin.md §3, §9).
import type { PeriodGranularity, PeriodRange, QueryParameter } from '@atlas/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const FORMATS: Record<PeriodGranularity, RegExp> = {
  daily: /^(\d{4})-(\d{2})-(\d{2})$/,
  monthly: /^(\d{4})-(\d{2})$/,
  quarterly: /^(\d{4})-Q([1-4])$/,
};

export const GRANULARITY_NAMES: Record<PeriodGranularity, string> = { daily: 'Daily', monthly: 'Monthly', quarterly: 'Quarterly' };
/** The unit a Focus / Benchmark label names ("Focus month", "Benchmark quarter"). */
export const GRANULARITY_UNITS: Record<PeriodGranularity, string> = { daily: 'day', monthly: 'month', quarterly: 'quarter' };

/** The granularity a period is written in, or null when it is none of YYYY-MM-DD, YYYY-MM, YYYY-Qn. */
export function granularityOf(period: string): PeriodGranularity | null {
  return (Object.keys(FORMATS) as PeriodGranularity[]).find((granularity) => FORMATS[granularity].test(period)) ?? null;
}

/** How a period reads: "Jan 2025", "2025 Q1", "Jan 5, 2025"; anything else as written. */
export function periodLabel(period: string): string {
  const granularity = granularityOf(period);
  const parts = granularity ? FORMATS[granularity].exec(period)! : null;
  if (!granularity || !parts) return period;
  const [, year, second, day] = parts;
  if (granularity === 'quarterly') return `${year} Q${second}`;
  const month = MONTHS[Number(second) - 1];
  if (!month) return period;
  return granularity === 'monthly' ? `${month} ${year}` : `${month} ${Number(day)}, ${year}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Every month or quarter from the range's start to its end, in order. */
export function periodsOf(range: PeriodRange & { granularity: 'monthly' | 'quarterly' }): string[] {
  const perYear = range.granularity === 'monthly' ? 12 : 4;
  const index = (period: string) => {
    const [, year, part] = FORMATS[range.granularity].exec(period) ?? [];
    return Number(year) * perYear + Number(part) - 1;
  };
  const periods: string[] = [];
  for (let at = index(range.start); at <= index(range.end); at++) {
    const year = Math.floor(at / perYear);
    const part = (at % perYear) + 1;
    periods.push(range.granularity === 'monthly' ? `${year}-${pad(part)}` : `${year}-Q${part}`);
  }
  return periods;
}

/**
 * The granularities a period parameter offers with their bounds: its periodRanges, else one range from startDate and
 * endDate when those are written as periods of one granularity (the hidden start and end periods of Visitation Trends).
 */
export function periodRangesOf(parameter: QueryParameter): PeriodRange[] {
  if (parameter.periodRanges?.length) return parameter.periodRanges;
  const { startDate, endDate } = parameter;
  const granularity = startDate && endDate ? granularityOf(startDate) : null;
  return granularity && granularity === granularityOf(endDate!) ? [{ granularity, start: startDate!, end: endDate! }] : [];
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The period of another granularity that a period stands for, taking the first (`edge` start) or last (`edge` end) finer
 * period when the target is finer: 2025-Q2 → 2025-04 or 2025-06; 2025-06 → 2025-06-01 or 2025-06-30; 2025-06-15 → 2025-Q2.
 */
export function convertPeriod(period: string, to: PeriodGranularity, edge: 'start' | 'end'): string {
  const from = granularityOf(period);
  if (!from || from === to) return period;
  const [, yearText, part] = FORMATS[from].exec(period)!;
  const year = Number(yearText);
  const firstMonth = from === 'quarterly' ? (Number(part) - 1) * 3 + 1 : Number(part);
  const month = from === 'quarterly' && edge === 'end' ? firstMonth + 2 : firstMonth;
  if (to === 'quarterly') return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
  if (to === 'monthly') return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(edge === 'start' ? 1 : lastDayOfMonth(year, month))}`;
}

/** The period moved inside the range's bounds (periods of one granularity order as strings). */
export function clampPeriod(period: string, range: PeriodRange): string {
  if (period < range.start) return range.start;
  if (period > range.end) return range.end;
  return period;
}

/** A period value: {granularity, start, end} (DATE_RANGE) or {granularity, focus, benchmark} (DATE_PERIOD_RANGE). */
export type PeriodValue = { granularity: PeriodGranularity } & Record<string, string>;

/** The keys of a period value, earlier first: start ≤ end, benchmark ≤ focus. */
export function periodKeys(parameter: QueryParameter): { earlier: string; later: string } {
  return parameter.type === 'DATE_PERIOD_RANGE' ? { earlier: 'benchmark', later: 'focus' } : { earlier: 'start', later: 'end' };
}

/** The value in another granularity: each end converted (start at its first finer period, the rest at their last) and kept in bounds. */
export function switchGranularity(value: PeriodValue, keys: { earlier: string; later: string }, range: PeriodRange): PeriodValue {
  const convert = (key: string, edge: 'start' | 'end') => clampPeriod(convertPeriod(value[key] ?? range.end, range.granularity, edge), range);
  const earlierEdge = keys.earlier === 'start' ? 'start' : 'end';
  return { ...value, granularity: range.granularity, [keys.earlier]: convert(keys.earlier, earlierEdge), [keys.later]: convert(keys.later, 'end') };
}

/** The value with one end set; the other end follows when it would otherwise come on the wrong side. */
export function withPeriod(value: PeriodValue, keys: { earlier: string; later: string }, key: string, period: string): PeriodValue {
  const next: PeriodValue = { ...value, [key]: period };
  if (key === keys.earlier && (next[keys.later] ?? period) < period) next[keys.later] = period;
  if (key === keys.later && (next[keys.earlier] ?? period) > period) next[keys.earlier] = period;
  return next;
}
