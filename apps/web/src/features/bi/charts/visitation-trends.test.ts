import { describe, expect, it } from 'vitest';
import { daypartSharesChart, DWELL_AXIS, medianDwellChart, SHARE_AXIS } from './visitation-trends';
import type { DaypartShareRow } from '@atlas/domain';
import { chartOf, daypartRow, dwellRow, labels, seriesOf } from './test-fixtures';

const share = (chain: string, share_name: DaypartShareRow['share_name'], value: number | null) =>
  daypartRow({
    place_taxonomy_id: chain,
    place_taxonomy_value: labels.PLACE_TAXONOMY[chain],
    share_name,
    shareOfNormalizedVisits: value,
  });

describe('daypartSharesChart', () => {
  const rows = [
    share('a', 'Evening', 20), share('a', 'Morning', 50), share('a', 'Afternoon', 30),
    share('b', 'Morning', 10), share('b', 'Afternoon', 60), share('b', 'Evening', 30),
    share('c', 'Morning', null), share('c', 'Afternoon', null), share('c', 'Evening', null),
  ];
  const chart = chartOf('visit-share-by-daypart', { categories: ['Morning', 'Afternoon', 'Evening'], groupLimit: 10 });

  it('stacks one series per daypart in the chart order over the chains', () => {
    const spec = daypartSharesChart(rows, chart, {}, labels);
    expect(spec.option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['Alpha', 'Bravo', 'Charlie'] });
    expect(spec.option.xAxis).toMatchObject({ type: 'value', name: SHARE_AXIS, max: 100 });
    expect(seriesOf(spec.option).map((s) => [s.name, s.stack, s.data])).toEqual([
      ['Morning', 'share', [50, 10, null]],
      ['Afternoon', 'share', [30, 60, null]],
      ['Evening', 'share', [20, 30, null]],
    ]);
    expect(spec.figures).toContainEqual({ series: 'Evening', category: 'Alpha', value: 20 });
  });

  it('keeps groupLimit chains', () => {
    const spec = daypartSharesChart(rows, { ...chart, groupLimit: 1 }, {}, labels);
    expect(spec.option.yAxis).toMatchObject({ data: ['Alpha'] });
    expect(spec.limited).toEqual({ shown: 1, total: 3, noun: 'chains' });
  });
});

describe('medianDwellChart', () => {
  const rows = [
    dwellRow({ place_taxonomy_id: 'b', place_taxonomy_value: 'Bravo', medianDwellTimeMinutes: 12.5, average_dwell_time_minutes: 15.25 }),
    dwellRow({ place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', medianDwellTimeMinutes: 40, average_dwell_time_minutes: 42 }),
    dwellRow({ place_taxonomy_id: 'c', place_taxonomy_value: 'Charlie', medianDwellTimeMinutes: null, average_dwell_time_minutes: null }),
  ];

  it('draws one bar per chain of its median dwell time, the average in the tooltip', () => {
    const spec = medianDwellChart(rows, chartOf('median-dwell-time', { groupLimit: 10 }), {}, labels);
    expect(spec.option.yAxis).toMatchObject({ type: 'category', data: ['Bravo', 'Alpha', 'Charlie'] });
    expect(spec.option.xAxis).toMatchObject({ type: 'value', name: DWELL_AXIS });
    expect(seriesOf(spec.option)[0]!.data).toEqual([12.5, 40, null]);
    const formatter = (spec.option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter({ seriesIndex: 0, dataIndex: 0, color: '#000' });
    expect(html).toContain('12.5 min');
    expect(html).toContain('15.3 min');
    expect(spec.figures).toEqual([
      { series: 'Median dwell time', category: 'Bravo', value: 12.5 },
      { series: 'Median dwell time', category: 'Alpha', value: 40 },
      { series: 'Median dwell time', category: 'Charlie', value: null },
    ]);
  });
});
