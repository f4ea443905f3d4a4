import { describe, expect, it } from 'vitest';
import { changeInVisitsChart, HORIZONTAL_FROM } from './change-in-visits';
import { changeRow, chartOf, labels, seriesOf } from './test-fixtures';

const row = (geography: [string, string], taxonomy: [string, string], focus: number, benchmark: number) =>
  changeRow({
    geography_type: geography[0] === 'US' ? 'country' : 'dma',
    geography_id: geography[0],
    geography_value: geography[1],
    place_taxonomy_type: taxonomy[0] === 'coffee' ? 'category' : 'chain',
    place_taxonomy_id: taxonomy[0],
    place_taxonomy_value: taxonomy[1],
    period_type: 'monthly',
    period_value: '2025-12',
    benchmark_period_value: '2024-12',
    normalized_visits: focus,
    benchmark_normalized_visits: benchmark,
    percent_change: benchmark === 0 ? null : ((focus - benchmark) / benchmark) * 100,
  });

const US: [string, string] = ['US', 'United States'];
const NY: [string, string] = ['501', 'New York'];
const rows = [
  row(US, ['a', 'Alpha'], 1_100_000, 1_000_000),
  row(US, ['coffee', 'Coffee'], 900, 1_000),
  row(NY, ['a', 'Alpha'], 50, 0),
  row(NY, ['coffee', 'Coffee'], 300, 200),
];

describe('changeInVisitsChart', () => {
  it('draws percent change per geography, one series per chain or category, vertical for few geographies', () => {
    const spec = changeInVisitsChart(rows, chartOf('percent-change-by-geography', { groupLimit: 10 }), {}, labels);
    expect(spec.option.xAxis).toMatchObject({ type: 'category', data: ['United States', 'New York'] });
    expect(spec.option.yAxis).toMatchObject({ type: 'value', name: '% change, 2025-12 vs 2024-12' });
    const series = seriesOf(spec.option);
    expect(series.map((s) => s.name)).toEqual(['Alpha', 'Coffee']);
    expect(series[0]!.data[0]).toBeCloseTo(10, 9);
    expect(series[0]!.data[1]).toBeNull();
    expect(series[1]!.data[0]).toMatchObject({ label: { position: 'bottom' } });
    expect((series[1]!.data[0] as { value: number }).value).toBeCloseTo(-10, 9);
    expect(series[1]!.data[1]).toBeCloseTo(50, 9);
    expect(spec.subtitle).toBe('Normalized visits, 2025-12 vs 2024-12');
    expect(spec.figures).toHaveLength(4);
    expect(spec.figures.find((f) => f.series === 'Coffee' && f.category === 'New York')?.value).toBeCloseTo(50, 9);
  });

  it('turns horizontal (categories on the y axis, first at the top) from four geographies', () => {
    const many = Array.from({ length: HORIZONTAL_FROM }, (_, k) => row([`g${k}`, `Geo ${k}`], ['a', 'Alpha'], 10 + k, 10));
    const spec = changeInVisitsChart(many, chartOf('percent-change-by-geography'), {}, labels);
    expect(spec.option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['Geo 0', 'Geo 1', 'Geo 2', 'Geo 3'] });
    expect(spec.option.xAxis).toMatchObject({ type: 'value' });
  });

  it('keeps the first groupLimit series and says how many there were', () => {
    const spec = changeInVisitsChart(rows, chartOf('percent-change-by-geography', { groupLimit: 1 }), {}, labels);
    expect(seriesOf(spec.option).map((s) => s.name)).toEqual(['Alpha']);
    expect(spec.limited).toEqual({ shown: 1, total: 2, noun: 'chains and categories' });
  });

  it('shows focus and benchmark normalized visits and their periods in the tooltip', () => {
    const spec = changeInVisitsChart(rows, chartOf('percent-change-by-geography'), {}, labels);
    const formatter = (spec.option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter({ seriesIndex: 0, dataIndex: 0, color: '#000' });
    expect(html).toContain('Alpha · United States');
    expect(html).toContain('+10.0%');
    expect(html).toContain('Focus 2025-12');
    expect(html).toContain('1.1M');
    expect(html).toContain('Benchmark 2024-12');
    expect(html).toContain('1M');
    expect(formatter({ seriesIndex: 0, dataIndex: 1, color: '#000' })).toContain('n/a (no benchmark visits)');
  });

  it('explains a flat chart when focus and benchmark are the same period, and only then', () => {
    const same = rows.map((r) => ({ ...r, benchmark_period_value: '2025-12', benchmark_normalized_visits: r.normalized_visits, percent_change: 0 }));
    expect(changeInVisitsChart(same, chartOf('percent-change-by-geography', { kind: 'bar' }), {}, labels).notice).toBe(
      'Focus and benchmark are the same month (2025-12), so every change is 0.0%. Choose an earlier benchmark to compare.',
    );
    expect(changeInVisitsChart(rows, chartOf('percent-change-by-geography', { kind: 'bar' }), {}, labels).notice).toBeUndefined();
    const quarter = changeInVisitsChart([], chartOf('percent-change-by-geography', { kind: 'bar' }), { analysisPeriod: { granularity: 'quarterly', focus: '2025-Q4', benchmark: '2025-Q4' } }, labels);
    expect(quarter.notice).toContain('the same quarter (2025-Q4)');
  });

  it('takes the periods from the values when there are no rows', () => {
    const spec = changeInVisitsChart([], chartOf('percent-change-by-geography'), { analysisPeriod: { granularity: 'quarterly', focus: '2025-Q4', benchmark: '2024-Q4' } }, labels);
    expect(spec.subtitle).toBe('Normalized visits, 2025-Q4 vs 2024-Q4');
  });
});
