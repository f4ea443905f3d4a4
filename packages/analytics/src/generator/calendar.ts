// The calendar of the panel: local days from start to end, their weekday, season and holidays,
// and each chain's relative visit intensity per day (trend × season × weekday × holiday).
import type { Category, Chain, Holiday } from './reference/index.js';

const DAY_MS = 86_400_000;

export interface Day {
  readonly year: number;
  /** 0 = January. */
  readonly month: number;
  readonly dom: number;
  /** 0 = Monday … 6 = Sunday. */
  readonly dow: number;
  readonly holiday: Holiday | undefined;
}

export const parseDate = (text: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new Error(`Invalid date "${text}": expected YYYY-MM-DD`);
  }
  return ms;
};

const nthWeekday = (year: number, month: number, dow: number, n: number): number => {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay(); // 0 = Sunday
  const offset = (dow - first + 7) % 7;
  return 1 + offset + 7 * (n - 1);
};
const lastMonday = (year: number, month: number): number => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - ((last.getUTCDay() + 6) % 7);
};

/** US retail holidays by "month-day" for one year. */
const holidaysOf = (year: number): Map<string, Holiday> => {
  const map = new Map<string, Holiday>();
  const set = (month: number, dom: number, holiday: Holiday) => map.set(`${month}-${dom}`, holiday);
  const thanksgiving = nthWeekday(year, 10, 4, 4);
  set(0, 1, 'newYear');
  set(4, lastMonday(year, 4), 'memorialDay');
  set(6, 3, 'july3');
  set(6, 4, 'july4');
  set(8, nthWeekday(year, 8, 1, 1), 'laborDay');
  set(10, thanksgiving - 1, 'thanksgivingEve');
  set(10, thanksgiving, 'thanksgiving');
  set(10, thanksgiving + 1, 'blackFriday');
  set(11, 24, 'christmasEve');
  set(11, 25, 'christmas');
  for (let d = 26; d <= 31; d++) set(11, d, 'yearEnd');
  return map;
};

export const buildCalendar = (start: string, end: string): Day[] => {
  const from = parseDate(start);
  const to = parseDate(end);
  if (to < from) throw new Error(`end ${end} is before start ${start}`);
  const byYear = new Map<number, Map<string, Holiday>>();
  const days: Day[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) {
    const date = new Date(ms);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    const dom = date.getUTCDate();
    if (!byYear.has(year)) byYear.set(year, holidaysOf(year));
    days.push({ year, month, dom, dow: (date.getUTCDay() + 6) % 7, holiday: byYear.get(year)!.get(`${month}-${dom}`) });
  }
  return days;
};

/** Month multipliers interpolated linearly between mid-months, so seasons change smoothly. */
const seasonal = (season: readonly number[], day: Day): number => {
  const daysInMonth = new Date(Date.UTC(day.year, day.month + 1, 0)).getUTCDate();
  const position = day.month + (day.dom - 0.5) / daysInMonth - 0.5;
  const lo = Math.floor(position);
  const frac = position - lo;
  const a = season[(lo + 12) % 12]!;
  const b = season[(lo + 13) % 12]!;
  return a + (b - a) * frac;
};

/** Relative visit intensity of a chain on each day. */
export const dayWeights = (chain: Chain, category: Category, days: readonly Day[]): Float64Array => {
  const growth = Math.log(1 + chain.trend) / 365.25;
  const weights = new Float64Array(days.length);
  days.forEach((day, index) => {
    const holiday = day.holiday ? category.holidays[day.holiday] ?? 1 : 1;
    weights[index] = Math.exp(growth * index) * seasonal(category.season, day) * category.weekday[day.dow]! * holiday;
  });
  return weights;
};
