import { describe, expect, it } from 'vitest';
import { audienceInsightChart, INDEX_AXIS, SHARE_AXIS } from './audience-insight';
import { PALETTE } from './style';
import { audienceRow, chartOf, labels, seriesOf } from './test-fixtures';

const chart = (id: string, groupLimit?: number) => chartOf(id, groupLimit === undefined ? {} : { groupLimit });

// Rows as the server answers them: every chain × every segment, chains in the selected order.
const ageRows = [
  audienceRow({ place_taxonomy_id: 'b', place_taxonomy_value: 'Bravo', age: 'Over 65', norm_visit_share: 5, fair_share_index: 40 }),
  audienceRow({ place_taxonomy_id: 'b', place_taxonomy_value: 'Bravo', age: '18-24', norm_visit_share: 30, fair_share_index: 150 }),
  audienceRow({ place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', age: '25-34', norm_visit_share: 20, fair_share_index: 110 }),
  audienceRow({ place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', age: '18-24', norm_visit_share: null, fair_share_index: null }),
];

describe('audienceInsightChart', () => {
  it('draws one bar series per chain over the ages in their fixed order, missing cells as gaps', () => {
    const spec = audienceInsightChart(ageRows, chart('visit-share-by-age', 10), { dma: '501' }, labels);
    expect(spec.option.xAxis).toMatchObject({ type: 'category', data: ['18-24', '25-34', '35-44', '45-54', '55-64', 'Over 65'] });
    expect(spec.option.yAxis).toMatchObject({ name: SHARE_AXIS });
    expect(seriesOf(spec.option).map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'Bravo', [30, null, null, null, null, 5]],
      ['bar', 'Alpha', [null, 20, null, null, null, null]],
    ]);
    expect(spec.limited).toBeUndefined();
    expect(spec.subtitle).toBe("Share of each chain's visits in New York");
    expect(spec.figures).toHaveLength(12);
    expect(spec.figures).toContainEqual({ series: 'Bravo', category: '18-24', value: 30 });
    expect(spec.figures).toContainEqual({ series: 'Alpha', category: '18-24', value: null });
  });

  it('draws the fair share index with a line at 100 and the index axis name', () => {
    const spec = audienceInsightChart(ageRows, chart('fair-share-index-by-age', 10), { dma: '501' }, labels);
    expect(spec.option.yAxis).toMatchObject({ name: INDEX_AXIS });
    const [first, second] = seriesOf(spec.option);
    expect(first!.data).toEqual([150, null, null, null, null, 40]);
    expect(first!.markLine).toMatchObject({ data: [{ yAxis: 100 }] });
    expect(second!.markLine).toBeUndefined();
    // Some index is above 100 here: the axis scales itself.
    expect(spec.option.yAxis).not.toHaveProperty('max');
  });

  it('keeps the line at 100 in view when every index is below it', () => {
    const low = ageRows.map((row) => ({ ...row, fair_share_index: row.fair_share_index === null ? null : row.fair_share_index / 2 }));
    const spec = audienceInsightChart(low, chart('fair-share-index-by-age'), { dma: '501' }, labels);
    expect(spec.option.yAxis).toMatchObject({ max: 120 });
  });

  it('lists the chains in the legend in series order, with the palette colours', () => {
    const spec = audienceInsightChart(ageRows, chart('visit-share-by-age'), { dma: '501' }, labels);
    expect(spec.legend).toEqual([
      { name: 'Bravo', color: PALETTE[0] },
      { name: 'Alpha', color: PALETTE[1] },
    ]);
  });

  it('orders genders Female, Male and respects the group limit', () => {
    const rows = ['x', 'y', 'z'].flatMap((id, k) => [
      audienceRow({ place_taxonomy_id: id, place_taxonomy_value: id.toUpperCase(), gender: 'Male', norm_visit_share: 40 + k, fair_share_index: 90 }),
      audienceRow({ place_taxonomy_id: id, place_taxonomy_value: id.toUpperCase(), gender: 'Female', norm_visit_share: 60 - k, fair_share_index: 110 }),
    ]);
    const spec = audienceInsightChart(rows, chart('visit-share-by-gender', 2), { dma: '501' }, labels);
    expect(spec.option.xAxis).toMatchObject({ data: ['Female', 'Male'] });
    expect(seriesOf(spec.option).map((s) => [s.name, s.data])).toEqual([
      ['X', [60, 40]],
      ['Y', [59, 41]],
    ]);
    expect(spec.limited).toEqual({ shown: 2, total: 3, noun: 'chains' });
    expect(spec.figures.map((f) => f.series)).not.toContain('Z');
  });

  it('lists each chain in the axis tooltip with its formatted value', () => {
    const spec = audienceInsightChart(ageRows, chart('visit-share-by-age'), { dma: '501' }, labels);
    const formatter = (spec.option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([
      { seriesIndex: 0, dataIndex: 0, color: '#000' },
      { seriesIndex: 1, dataIndex: 0, color: '#111' },
    ]);
    expect(html).toContain('18-24');
    expect(html).toContain('30.0%');
    expect(html).toContain('n/a');
  });
});
