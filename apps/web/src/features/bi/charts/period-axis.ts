// The time axis of the line charts as a category axis of periods (bi-and-admin.md §9 formats): one tick per month or
// quarter, daily ticks at month starts, labels thinned on round steps so they never crowd.
import { PERIOD_PATTERNS, type PeriodGranularity } from '@atlas/domain';

/** Most labels an axis carries; more periods are labelled every 2nd, 3rd, 6th … one. */
export const MAX_LABELS = 12;
/** Daily ranges up to this many days also get ticks on the 8th, 15th and 22nd. */
const SHORT_DAILY_DAYS = 100;
const MID_MONTH_DAYS = new Set([8, 15, 22]);

/** The steps labels may take, counted in months (monthly, daily month starts) or quarters; each divides a year. */
const STEPS: Readonly<Record<PeriodGranularity, readonly number[]>> = { daily: [1, 2, 3, 6, 12], monthly: [1, 2, 3, 6, 12], quarterly: [1, 2, 4] };

export interface PeriodAxis {
  /** Indexes of the periods that carry a tick, in order. */
  ticks: number[];
  /** Indexes of the ticks that carry a label (the period as written). */
  labels: number[];
}

/** Year, month or quarter, and day of a period, when it is one of the granularity. */
function partsOf(granularity: PeriodGranularity, period: string): { unit: number; day: number } | null {
  const parts = PERIOD_PATTERNS[granularity].exec(period);
  if (!parts) return null;
  const perYear = granularity === 'quarterly' ? 4 : 12;
  return { unit: Number(parts[1]) * perYear + Number(parts[2]) - 1, day: granularity === 'daily' ? Number(parts[3]) : 1 };
}

/**
 * Where an axis of these periods (in time order) has ticks and labels. Monthly and quarterly: a tick on every period,
 * labels on the periods whose month (quarter) is a multiple of the smallest step that keeps them to MAX_LABELS.
 * Daily: ticks on the first of every month (and mid-month for short ranges; every day when that leaves fewer than
 * two), labels on month starts by the same rule, or on every n-th tick when the range has fewer than two month starts.
 */
export function periodAxis(granularity: PeriodGranularity, periods: readonly string[]): PeriodAxis {
  const parts = periods.map((period) => partsOf(granularity, period));
  const valid = parts.flatMap((part, k) => (part ? [k] : []));
  if (granularity !== 'daily') return { ticks: valid, labels: onSteps(granularity, valid, parts) };
  const marked = valid.filter((k) => parts[k]!.day === 1 || (periods.length <= SHORT_DAILY_DAYS && MID_MONTH_DAYS.has(parts[k]!.day)));
  const ticks = marked.length >= 2 ? marked : valid;
  const starts = ticks.filter((k) => parts[k]!.day === 1);
  if (starts.length >= 2) return { ticks, labels: onSteps(granularity, starts, parts) };
  const every = Math.ceil(ticks.length / MAX_LABELS);
  return { ticks, labels: ticks.filter((_, n) => n % every === 0) };
}

/** The candidates whose month (quarter) is a multiple of the smallest step that keeps them to MAX_LABELS. */
function onSteps(granularity: PeriodGranularity, candidates: number[], parts: ReadonlyArray<{ unit: number } | null>): number[] {
  const steps = STEPS[granularity];
  const at = (size: number) => candidates.filter((k) => parts[k]!.unit % size === 0);
  const step = steps.find((size) => at(size).length <= MAX_LABELS) ?? steps[steps.length - 1]!;
  return at(step);
}

/** ECharts' interval callbacks of a category axis: a tick (label) where the axis has one. */
export function axisIntervals(axis: PeriodAxis): { tick: (index: number) => boolean; label: (index: number) => boolean } {
  const ticks = new Set(axis.ticks);
  const labels = new Set(axis.labels);
  return { tick: (index) => ticks.has(index), label: (index) => labels.has(index) };
}
