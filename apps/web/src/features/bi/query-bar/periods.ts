// Periods of the query bar: their labels ("Jan 2025", "2025 Q1"), the periods a range offers, the ranges a parameter
// offers, and how a value follows a change of granularity or of one of its ends (bi-and-admin.md §3, §9).
import { convertPeriod, granularityOf, PERIOD_PATTERNS, periodsFromTo, type PeriodGranularity, type PeriodRange, type QueryParameter } from '@atlas/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export { convertPeriod, granularityOf };

export const GRANULARITY_NAMES: Record<PeriodGranularity, string> = { daily: 'Daily', monthly: 'Monthly', quarterly: 'Quarterly' };
/** The unit a Focus / Benchmark label names ("Focus month", "Benchmark quarter"). */
export const GRANULARITY_UNITS: Record<PeriodGranularity, string> = { daily: 'day', monthly: 'month', quarterly: 'quarter' };

/** How a period reads: "Jan 2025", "2025 Q1", "Jan 5, 2025"; anything else as written. */
export function periodLabel(period: string): string {
  const granularity = granularityOf(period);
  const parts = granularity ? PERIOD_PATTERNS[granularity].exec(period) : null;
  if (!granularity || !parts) return period;
  const [, year, second, day] = parts;
  if (granularity === 'quarterly') return `${year} Q${second}`;
  const month = MONTHS[Number(second) - 1];
  if (!month) return period;
  return granularity === 'monthly' ? `${month} ${year}` : `${month} ${Number(day)}, ${year}`;
}

/** Every month or quarter from the range's start to its end, in order. */
export const periodsOf = (range: PeriodRange & { granularity: 'monthly' | 'quarterly' }): string[] => periodsFromTo(range.granularity, range.start, range.end);

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
