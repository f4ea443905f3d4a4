import { describe, expect, it } from 'vitest';
import { granularityOf, isPeriod, periodAt, periodBounds, periodOfDay, periodsFromTo, periodWindow } from './periods.js';

describe('period formats (bi-and-admin.md §9)', () => {
  it('reads the three formats, and daily periods only as calendar days', () => {
    expect(granularityOf('2025-02-28')).toBe('daily');
    expect(granularityOf('2025-02-30')).toBeNull();
    expect(granularityOf('2024-02-29')).toBe('daily');
    expect(granularityOf('2025-12')).toBe('monthly');
    expect(granularityOf('2025-13')).toBeNull();
    expect(granularityOf('2025-Q4')).toBe('quarterly');
    expect(granularityOf('2025-Q0')).toBeNull();
    expect(isPeriod('monthly', '2025-01-01')).toBe(false);
  });

  it('answers first days as UTC ms and the next period start', () => {
    expect(periodBounds('monthly', '2025-02')).toEqual({ startMs: Date.UTC(2025, 1, 1), endMs: Date.UTC(2025, 2, 1) });
    expect(periodBounds('quarterly', '2025-Q4')).toEqual({ startMs: Date.UTC(2025, 9, 1), endMs: Date.UTC(2026, 0, 1) });
    expect(periodBounds('daily', '2025-12-31')).toEqual({ startMs: Date.UTC(2025, 11, 31), endMs: Date.UTC(2026, 0, 1) });
    expect(() => periodBounds('monthly', '2025-Q1')).toThrow('Not a monthly period: 2025-Q1');
  });

  it('names the period of an instant and of a day', () => {
    expect(periodAt('quarterly', Date.UTC(2025, 5, 30))).toBe('2025-Q2');
    expect(periodAt('monthly', Date.UTC(2025, 11, 1))).toBe('2025-12');
    expect(periodOfDay('quarterly', '2025-11-15')).toEqual({ value: '2025-Q4', epochMs: Date.UTC(2025, 9, 1) });
    expect(periodOfDay('daily', '2025-11-01 00:00:00')).toEqual({ value: '2025-11-01', epochMs: Date.UTC(2025, 10, 1) });
  });

  it('lists the periods of a range and their windows', () => {
    expect(periodsFromTo('quarterly', '2024-Q4', '2025-Q2')).toEqual(['2024-Q4', '2025-Q1', '2025-Q2']);
    expect(periodsFromTo('daily', '2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(periodsFromTo('monthly', '2025-06', '2025-05')).toEqual([]);
    expect(periodWindow('quarterly', '2025-Q1')).toEqual({ start: '2025-01-01', end: '2025-04-01', days: 90, standardDays: 91 });
  });
});
