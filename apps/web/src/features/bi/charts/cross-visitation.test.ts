import { describe, expect, it } from 'vitest';
import { focusChainId, focusChainOverlapChart, overlapHeatmapChart } from './cross-visitation';
import { chartOf, crossRow, labels, seriesOf } from './test-fixtures';

const names: Record<string, string> = { a: 'Alpha', b: 'Bravo', c: 'Charlie' };
const cell = (base: string, other: string, overlap: number | null) =>
  crossRow({
    place_taxonomy_id: base,
    place_taxonomy_value: names[base],
    secondary_place_taxonomy_id: other,
    secondary_place_taxonomy_value: names[other],
    overlap,
  });
// 3 × 3 in the selected order (b, a, c), diagonal 100, one chain without visitors (c: null row).
const heatRows = [
  cell('b', 'b', 100), cell('b', 'a', 40), cell('b', 'c', 12.5),
  cell('a', 'b', 20), cell('a', 'a', 100), cell('a', 'c', 70),
  cell('c', 'b', null), cell('c', 'a', null), cell('c', 'c', null),
];
const heatmap = chartOf('overlap-heatmap', { kind: 'heatmap', groupLimit: 10, onColumnSelect: { set: '{{focusChain}}' } });

describe('overlapHeatmapChart', () => {
  it('puts base chains on rows and overlap chains on columns, in the rows order, with [column, row, value] cells', () => {
    const spec = overlapHeatmapChart(heatRows, heatmap, { chains: ['b', 'a', 'c'] }, labels);
    expect(spec.option.xAxis).toMatchObject({ type: 'category', data: ['b', 'a', 'c'], triggerEvent: true });
    expect(spec.option.yAxis).toMatchObject({ type: 'category', data: ['b', 'a', 'c'], inverse: true });
    expect(spec.option.visualMap).toMatchObject({ min: 0, max: 100 });
    const [series] = seriesOf(spec.option);
    expect(series!.type).toBe('heatmap');
    const values = series!.data.map((d) => (d as { value: unknown[] }).value);
    expect(values).toEqual([
      [0, 0, 100], [1, 0, 40], [2, 0, 12.5],
      [0, 1, 20], [1, 1, 100], [2, 1, 70],
      [0, 2, '-'], [1, 2, '-'], [2, 2, '-'],
    ]);
    expect(spec.figures).toContainEqual({ series: 'Alpha', category: 'Charlie', value: 70 });
    expect(spec.figures).toContainEqual({ series: 'Charlie', category: 'Bravo', value: null });
  });

  it('labels the axes with names and marks the focus column', () => {
    const spec = overlapHeatmapChart(heatRows, heatmap, { chains: ['b', 'a', 'c'], focusChain: 'a' }, labels);
    const x = spec.option.xAxis as { axisLabel: { formatter: (id: string) => string } };
    const y = spec.option.yAxis as { axisLabel: { formatter: (id: string) => string } };
    expect(x.axisLabel.formatter('b')).toBe('Bravo');
    expect(x.axisLabel.formatter('a')).toBe('{focus|Alpha}');
    expect(y.axisLabel.formatter('c')).toBe('Charlie');
  });

  it('answers the overlap chain of a clicked cell or column label, and nothing for other clicks', () => {
    const spec = overlapHeatmapChart(heatRows, heatmap, { chains: ['b', 'a', 'c'] }, labels);
    expect(spec.columnAt!({ componentType: 'series', data: { value: [2, 0, 12.5] } })).toBe('c');
    expect(spec.columnAt!({ componentType: 'series', data: [1, 2, '-'] })).toBe('a');
    expect(spec.columnAt!({ componentType: 'xAxis', value: 'b' })).toBe('b');
    expect(spec.columnAt!({ componentType: 'xAxis', value: 'zzz' })).toBeUndefined();
    expect(spec.columnAt!({ componentType: 'yAxis', value: 'b' })).toBeUndefined();
    expect(spec.columns).toEqual([{ id: 'b', name: 'Bravo' }, { id: 'a', name: 'Alpha' }, { id: 'c', name: 'Charlie' }]);
  });

  it('draws at most groupLimit rows and columns', () => {
    const spec = overlapHeatmapChart(heatRows, chartOf('overlap-heatmap', { groupLimit: 2 }), {}, labels);
    expect(spec.option.xAxis).toMatchObject({ data: ['b', 'a'] });
    expect(spec.option.yAxis).toMatchObject({ data: ['b', 'a'] });
    expect(seriesOf(spec.option)[0]!.data).toHaveLength(4);
    expect(spec.limited).toEqual({ shown: 2, total: 3, noun: 'chains' });
  });
});

describe('focusChainOverlapChart', () => {
  const focusRows = [cell('b', 'a', 40), cell('a', 'a', 100), cell('c', 'a', null)];

  it('draws each base chain overlap with the focus chain, and names the focus chain', () => {
    const spec = focusChainOverlapChart(focusRows, chartOf('focus-chain-overlap', { groupLimit: 10 }), { chains: ['b', 'a', 'c'], focusChain: 'a' }, labels);
    expect(spec.subtitle).toBe('Focus chain: Alpha');
    expect(spec.option.yAxis).toMatchObject({ type: 'category', data: ['Bravo', 'Alpha', 'Charlie'] });
    const [series] = seriesOf(spec.option);
    expect(series!.data.map((d) => (d as { value: unknown }).value)).toEqual([40, 100, null]);
    expect(spec.figures).toEqual([
      { series: 'Alpha', category: 'Bravo', value: 40 },
      { series: 'Alpha', category: 'Alpha', value: 100 },
      { series: 'Alpha', category: 'Charlie', value: null },
    ]);
  });

  it('names the focus chain from the values when there are no rows: the hidden parameter, else the first chain', () => {
    expect(focusChainOverlapChart([], chartOf('focus-chain-overlap'), { chains: ['c', 'a'] }, labels).subtitle).toBe('Focus chain: Charlie');
    expect(focusChainId({ chains: ['c', 'a'], focusChain: '' })).toBe('c');
    expect(focusChainId({ chains: ['c', 'a'], focusChain: 'a' })).toBe('a');
  });
});
