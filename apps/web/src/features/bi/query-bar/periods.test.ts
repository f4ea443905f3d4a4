import { describe, expect, it } from 'vitest';
import type { QueryParameter } from '@atlas/domain';
import { clampPeriod, convertPeriod, granularityOf, periodKeys, periodLabel, periodRangesOf, periodsOf, switchGranularity, withPeriod } from './periods';

const parameter = (fields: Partial<QueryParameter>): QueryParameter => ({
  id: 'period',
  type: 'DATE_RANGE',
  name: 'Period',
  description: '',
  defaultValue: null,
  required: true,
  maxValues: 1,
  ...fields,
});

describe('period labels', () => {
  it('reads months as "Jan 2025", quarters as "2025 Q1", days as "Jan 5, 2025"', () => {
    expect(periodLabel('2025-01')).toBe('Jan 2025');
    expect(periodLabel('2024-12')).toBe('Dec 2024');
    expect(periodLabel('2025-Q1')).toBe('2025 Q1');
    expect(periodLabel('2023-Q4')).toBe('2023 Q4');
    expect(periodLabel('2025-01-05')).toBe('Jan 5, 2025');
    expect(periodLabel('soon')).toBe('soon');
  });

  it('tells the granularity from the format', () => {
    expect(granularityOf('2025-01-31')).toBe('daily');
    expect(granularityOf('2025-01')).toBe('monthly');
    expect(granularityOf('2025-Q3')).toBe('quarterly');
    expect(granularityOf('2025-Q5')).toBeNull();
    expect(granularityOf('2025')).toBeNull();
  });
});

describe('periods of a range', () => {
  it('lists every month of the panel span', () => {
    const months = periodsOf({ granularity: 'monthly', start: '2023-01', end: '2025-12' });
    expect(months).toHaveLength(36);
    expect(months.slice(0, 2)).toEqual(['2023-01', '2023-02']);
    expect(months.slice(11, 13)).toEqual(['2023-12', '2024-01']);
    expect(months.at(-1)).toBe('2025-12');
    expect(new Set(months).size).toBe(36);
  });

  it('lists quarters across a year end', () => {
    expect(periodsOf({ granularity: 'quarterly', start: '2024-Q3', end: '2025-Q2' })).toEqual(['2024-Q3', '2024-Q4', '2025-Q1', '2025-Q2']);
    expect(periodsOf({ granularity: 'quarterly', start: '2023-Q1', end: '2025-Q4' })).toHaveLength(12);
  });

  it('gives one period for a range of one, none for a reversed range', () => {
    expect(periodsOf({ granularity: 'monthly', start: '2025-06', end: '2025-06' })).toEqual(['2025-06']);
    expect(periodsOf({ granularity: 'monthly', start: '2025-06', end: '2025-05' })).toEqual([]);
  });
});

describe('ranges of a parameter', () => {
  it('uses periodRanges when given', () => {
    const ranges = [
      { granularity: 'daily' as const, start: '2023-01-01', end: '2025-12-31' },
      { granularity: 'monthly' as const, start: '2023-01', end: '2025-12' },
    ];
    expect(periodRangesOf(parameter({ periodRanges: ranges, startDate: '2023-01-01', endDate: '2025-12-31' }))).toEqual(ranges);
  });

  it('reads one range from startDate and endDate written as periods (hidden start and end periods)', () => {
    expect(periodRangesOf(parameter({ type: 'STRING', startDate: '2023-01', endDate: '2025-12' }))).toEqual([
      { granularity: 'monthly', start: '2023-01', end: '2025-12' },
    ]);
    expect(periodRangesOf(parameter({ type: 'STRING', startDate: '2023-01', endDate: '2025-12-31' }))).toEqual([]);
    expect(periodRangesOf(parameter({ type: 'STRING' }))).toEqual([]);
  });
});

describe('changing granularity', () => {
  it('converts single periods at either edge', () => {
    expect(convertPeriod('2025-Q2', 'monthly', 'start')).toBe('2025-04');
    expect(convertPeriod('2025-Q2', 'monthly', 'end')).toBe('2025-06');
    expect(convertPeriod('2025-11', 'quarterly', 'start')).toBe('2025-Q4');
    expect(convertPeriod('2025-03', 'quarterly', 'end')).toBe('2025-Q1');
    expect(convertPeriod('2024-02', 'daily', 'end')).toBe('2024-02-29');
    expect(convertPeriod('2025-02', 'daily', 'end')).toBe('2025-02-28');
    expect(convertPeriod('2025-02', 'daily', 'start')).toBe('2025-02-01');
    expect(convertPeriod('2025-Q4', 'daily', 'end')).toBe('2025-12-31');
    expect(convertPeriod('2025-07-15', 'monthly', 'start')).toBe('2025-07');
    expect(convertPeriod('2025-07-15', 'quarterly', 'end')).toBe('2025-Q3');
    expect(convertPeriod('2025-07', 'monthly', 'end')).toBe('2025-07');
  });

  it('keeps a period inside the bounds', () => {
    const range = { granularity: 'monthly' as const, start: '2023-01', end: '2025-12' };
    expect(clampPeriod('2022-12', range)).toBe('2023-01');
    expect(clampPeriod('2026-01', range)).toBe('2025-12');
    expect(clampPeriod('2024-05', range)).toBe('2024-05');
  });

  it('turns a month range into the quarters that cover it, and back into whole months', () => {
    const keys = periodKeys(parameter({ type: 'DATE_RANGE' }));
    const quarters = switchGranularity({ granularity: 'monthly', start: '2025-02', end: '2025-11' }, keys, {
      granularity: 'quarterly',
      start: '2023-Q1',
      end: '2025-Q4',
    });
    expect(quarters).toEqual({ granularity: 'quarterly', start: '2025-Q1', end: '2025-Q4' });
    const months = switchGranularity(quarters, keys, { granularity: 'monthly', start: '2023-01', end: '2025-12' });
    expect(months).toEqual({ granularity: 'monthly', start: '2025-01', end: '2025-12' });
  });

  it('turns months into days within the daily bounds', () => {
    const keys = periodKeys(parameter({ type: 'DATE_RANGE' }));
    expect(
      switchGranularity({ granularity: 'monthly', start: '2025-10', end: '2025-12' }, keys, { granularity: 'daily', start: '2023-01-01', end: '2025-12-15' }),
    ).toEqual({ granularity: 'daily', start: '2025-10-01', end: '2025-12-15' });
  });

  it('moves Focus and Benchmark to the quarter of each month, and back to the last month of each quarter', () => {
    const keys = periodKeys(parameter({ type: 'DATE_PERIOD_RANGE' }));
    expect(keys).toEqual({ earlier: 'benchmark', later: 'focus' });
    const quarterly = switchGranularity({ granularity: 'monthly', focus: '2025-12', benchmark: '2024-12' }, keys, {
      granularity: 'quarterly',
      start: '2023-Q1',
      end: '2025-Q4',
    });
    expect(quarterly).toEqual({ granularity: 'quarterly', focus: '2025-Q4', benchmark: '2024-Q4' });
    expect(switchGranularity({ ...quarterly, focus: '2025-Q2' }, keys, { granularity: 'monthly', start: '2023-01', end: '2025-12' })).toEqual({
      granularity: 'monthly',
      focus: '2025-06',
      benchmark: '2024-12',
    });
  });
});

describe('setting one end', () => {
  const range = periodKeys(parameter({ type: 'DATE_RANGE' }));
  const pair = periodKeys(parameter({ type: 'DATE_PERIOD_RANGE' }));

  it('keeps start ≤ end by moving the other end', () => {
    const value = { granularity: 'monthly' as const, start: '2025-01', end: '2025-06' };
    expect(withPeriod(value, range, 'start', '2025-03')).toEqual({ ...value, start: '2025-03' });
    expect(withPeriod(value, range, 'start', '2025-09')).toEqual({ ...value, start: '2025-09', end: '2025-09' });
    expect(withPeriod(value, range, 'end', '2024-11')).toEqual({ ...value, start: '2024-11', end: '2024-11' });
  });

  it('keeps the benchmark no later than the focus', () => {
    const value = { granularity: 'monthly' as const, focus: '2025-12', benchmark: '2024-12' };
    expect(withPeriod(value, pair, 'focus', '2024-06')).toEqual({ ...value, focus: '2024-06', benchmark: '2024-06' });
    expect(withPeriod(value, pair, 'benchmark', '2025-03')).toEqual({ ...value, benchmark: '2025-03' });
    expect(withPeriod(value, pair, 'benchmark', '2026-01')).toEqual({ ...value, benchmark: '2026-01', focus: '2026-01' });
  });
});
