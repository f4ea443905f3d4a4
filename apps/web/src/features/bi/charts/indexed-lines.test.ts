import { describe, expect, it } from 'vitest';
import { INDEX_AXIS, indexedLinesChart } from './indexed-lines';
import { chartOf, indexedRow, labels, seriesOf } from './test-fixtures';

const day = (value: string) => ({ period_type: 'daily' as const, period_value: value, period_epoch_ms: Date.parse(`${value}T00:00:00Z`) });
const month = (value: string) => ({ period_type: 'monthly' as const, period_value: value, period_epoch_ms: Date.parse(`${value}-01T00:00:00Z`) });
const point = (chain: string, geography: string, period: ReturnType<typeof day | typeof month>, visits: number, first: number) =>
  indexedRow({
    geography_type: geography === 'US' ? 'country' : 'dma',
    geography_id: geography,
    geography_value: labels.GEOGRAPHY[geography],
    place_taxonomy_id: chain,
    place_taxonomy_value: labels.PLACE_TAXONOMY[chain],
    ...period,
    normalized_visits: visits,
    raw_visits: Math.round(visits / 10),
    norm_visits_pct_chg_vs_first: (visits / first - 1) * 100,
  });

describe('indexedLinesChart', () => {
  const rows = [
    point('a', 'US', day('2025-10-01'), 200, 200),
    point('a', 'US', day('2025-10-02'), 250, 200),
    point('b', 'US', day('2025-10-01'), 1_000_000, 1_000_000),
    point('b', 'US', day('2025-10-02'), 900_000, 1_000_000),
  ];

  it('draws one line per chain of % change points on a category axis of the periods, with the rolling average noted', () => {
    const spec = indexedLinesChart(rows, chartOf('chains-in-geography', { kind: 'line', groupLimit: 7 }), {}, labels);
    expect(spec.option.xAxis).toMatchObject({ type: 'category', data: ['2025-10-01', '2025-10-02'] });
    expect(spec.option.yAxis).toMatchObject({ name: INDEX_AXIS });
    const series = seriesOf(spec.option);
    expect(series.map((s) => [s.type, s.name])).toEqual([['line', 'Alpha'], ['line', 'Bravo']]);
    expect(series[0]!.data).toEqual([0, 25]);
    expect(series[1]!.data[1] as number).toBeCloseTo(-10, 9);
    expect(spec.subtitle).toBe('7-day rolling average of normalized visits, indexed to 2025-10-01');
    expect(spec.figures).toContainEqual({ series: 'Alpha', category: '2025-10-02', value: 25 });
  });

  it('shows % change and normalized visits of each line in the tooltip', () => {
    const spec = indexedLinesChart(rows, chartOf('chains-in-geography', { kind: 'line' }), {}, labels);
    const formatter = (spec.option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ seriesIndex: 0, dataIndex: 1, color: '#000' }, { seriesIndex: 1, dataIndex: 1, color: '#111' }]);
    expect(html).toContain('2025-10-02');
    expect(html).toContain('+25.0% · 250 visits');
    expect(html).toContain('-10.0% · 900K visits');
  });

  it('draws one line per geography for one chain across geographies, at most groupLimit', () => {
    const across = [
      point('a', 'US', month('2025-01'), 10, 10),
      point('a', '501', month('2025-01'), 5, 5),
      point('a', '511', month('2025-01'), 2, 2),
      point('a', 'US', month('2025-02'), 12, 10),
    ];
    const spec = indexedLinesChart(across, chartOf('chain-across-geographies', { kind: 'line', groupLimit: 2 }), {}, labels);
    expect(seriesOf(spec.option).map((s) => s.name)).toEqual(['United States', 'New York']);
    // New York has no February point: a gap, not a zero.
    expect(seriesOf(spec.option)[1]!.data).toEqual([0, null]);
    expect(spec.limited).toEqual({ shown: 2, total: 3, noun: 'geographies' });
    expect(spec.subtitle).toBe('Monthly normalized visits, indexed to 2025-01');
    expect(spec.option.xAxis).toMatchObject({ type: 'category', data: ['2025-01', '2025-02'] });
  });

  it('ticks and labels every month once, in its own format, the period the point belongs to', () => {
    const months = ['2025-10', '2025-11', '2025-12'].map((value) => point('a', 'US', month(value), 10, 10));
    const axis = indexedLinesChart(months, chartOf('chains-in-geography', { kind: 'line' }), {}, labels).option.xAxis as {
      data: string[];
      axisTick: { interval: (k: number) => boolean };
      axisLabel: { interval: (k: number) => boolean };
    };
    expect(axis.data).toEqual(['2025-10', '2025-11', '2025-12']);
    expect([0, 1, 2].map(axis.axisTick.interval)).toEqual([true, true, true]);
    expect([0, 1, 2].map(axis.axisLabel.interval)).toEqual([true, true, true]);
  });
});
