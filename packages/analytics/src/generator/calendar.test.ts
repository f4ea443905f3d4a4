import { describe, expect, it } from 'vitest';
import { buildCalendar, dayWeights } from './calendar.js';
import { CATEGORIES, CHAINS } from './reference/index.js';

describe('calendar', () => {
  const days = buildCalendar('2023-01-01', '2025-12-31');

  it('covers every day of the span with Monday-first weekdays', () => {
    expect(days).toHaveLength(1096);
    expect(days[0]).toMatchObject({ year: 2023, month: 0, dom: 1, dow: 6, holiday: 'newYear' }); // a Sunday
    expect(days.at(-1)).toMatchObject({ year: 2025, month: 11, dom: 31 });
  });

  it('finds the moving US holidays', () => {
    const find = (holiday: string, year: number) => days.find((d) => d.holiday === holiday && d.year === year);
    expect(find('thanksgiving', 2024)).toMatchObject({ month: 10, dom: 28 });
    expect(find('blackFriday', 2025)).toMatchObject({ month: 10, dom: 28 });
    expect(find('memorialDay', 2023)).toMatchObject({ month: 4, dom: 29 });
    expect(find('laborDay', 2025)).toMatchObject({ month: 8, dom: 1 });
  });

  it('rejects invalid dates', () => {
    expect(() => buildCalendar('2023-02-30', '2023-03-01')).toThrow(/Invalid date/);
    expect(() => buildCalendar('2023-03-01', '2023-02-01')).toThrow(/before/);
  });

  it('weights days by trend, season, weekday and holidays', () => {
    const chain = CHAINS.find((c) => c.id === 'copperkettle-coffee')!;
    const category = CATEGORIES.find((c) => c.id === chain.categoryId)!;
    const w = dayWeights(chain, category, days);
    const yearMean = (y: number) => {
      const idx = days.flatMap((d, i) => (d.year === y ? [i] : []));
      return idx.reduce((s, i) => s + w[i]!, 0) / idx.length;
    };
    expect(yearMean(2025) / yearMean(2023)).toBeCloseTo(1.25 ** 2, 1);
    const christmas = days.findIndex((d) => d.holiday === 'christmas');
    expect(w[christmas]!).toBeLessThan(w[christmas - 7]! * 0.6);
  });
});
