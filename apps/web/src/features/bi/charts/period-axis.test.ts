import { periodsFromTo, type PeriodGranularity } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { axisIntervals, MAX_LABELS, periodAxis } from './period-axis';

const labelled = (granularity: PeriodGranularity, periods: string[]) => periodAxis(granularity, periods).labels.map((k) => periods[k]);
const ticked = (granularity: PeriodGranularity, periods: string[]) => periodAxis(granularity, periods).ticks.map((k) => periods[k]);

describe('periodAxis', () => {
  it('monthly: one tick per month, each label a distinct YYYY-MM of its own period', () => {
    const months = periodsFromTo('monthly', '2025-10', '2025-12');
    expect(ticked('monthly', months)).toEqual(['2025-10', '2025-11', '2025-12']);
    expect(labelled('monthly', months)).toEqual(['2025-10', '2025-11', '2025-12']);
    const year = periodsFromTo('monthly', '2025-01', '2025-12');
    expect(labelled('monthly', year)).toEqual(year);
  });

  it('monthly: long ranges tick every month and label round steps, at most MAX_LABELS', () => {
    const months = periodsFromTo('monthly', '2023-01', '2025-12');
    const axis = periodAxis('monthly', months);
    expect(axis.ticks).toHaveLength(36);
    expect(labelled('monthly', months)).toEqual(['2023-01', '2023-04', '2023-07', '2023-10', '2024-01', '2024-04', '2024-07', '2024-10', '2025-01', '2025-04', '2025-07', '2025-10']);
    expect(labelled('monthly', periodsFromTo('monthly', '2024-11', '2025-12'))).toEqual(['2024-11', '2025-01', '2025-03', '2025-05', '2025-07', '2025-09', '2025-11']);
  });

  it('quarterly: one tick per quarter labelled YYYY-Qn', () => {
    const quarters = periodsFromTo('quarterly', '2023-Q1', '2025-Q4');
    expect(ticked('quarterly', quarters)).toEqual(quarters);
    expect(labelled('quarterly', quarters)).toEqual(quarters);
    expect(labelled('quarterly', periodsFromTo('quarterly', '2020-Q1', '2025-Q4'))).toEqual(['2020-Q1', '2020-Q3', '2021-Q1', '2021-Q3', '2022-Q1', '2022-Q3', '2023-Q1', '2023-Q3', '2024-Q1', '2024-Q3', '2025-Q1', '2025-Q3']);
  });

  it('daily: ticks keep every month start (and mid-month in short ranges), labels on month starts', () => {
    const days = periodsFromTo('daily', '2025-10-01', '2025-12-31');
    expect(ticked('daily', days)).toEqual(['2025-10-01', '2025-10-08', '2025-10-15', '2025-10-22', '2025-11-01', '2025-11-08', '2025-11-15', '2025-11-22', '2025-12-01', '2025-12-08', '2025-12-15', '2025-12-22']);
    expect(labelled('daily', days)).toEqual(['2025-10-01', '2025-11-01', '2025-12-01']);
    const long = periodsFromTo('daily', '2023-01-01', '2025-12-31');
    expect(ticked('daily', long)).toHaveLength(36);
    expect(ticked('daily', long).every((day) => day!.endsWith('-01'))).toBe(true);
    expect(labelled('daily', long)).toHaveLength(12);
    expect(labelled('daily', long)[0]).toBe('2023-01-01');
  });

  it('daily: ranges with fewer than two month starts label their ticks, and a few days tick every day', () => {
    const days = periodsFromTo('daily', '2025-10-05', '2025-10-30');
    expect(labelled('daily', days)).toEqual(['2025-10-08', '2025-10-15', '2025-10-22']);
    const week = periodsFromTo('daily', '2025-10-02', '2025-10-06');
    expect(ticked('daily', week)).toEqual(week);
    expect(labelled('daily', week)).toEqual(week);
    const long = periodsFromTo('daily', '2025-01-02', '2025-01-31');
    expect(periodAxis('daily', long).labels.length).toBeLessThanOrEqual(MAX_LABELS);
  });

  it('gives ECharts interval callbacks for ticks and labels', () => {
    const { tick, label } = axisIntervals({ ticks: [0, 1, 2], labels: [0, 2] });
    expect([0, 1, 2, 3].map(tick)).toEqual([true, true, true, false]);
    expect([0, 1, 2].map(label)).toEqual([true, false, true]);
  });
});
