import { describe, expect, it } from 'vitest';
import type { ChartDefinition, ChartKind, InsightState } from '../template';
import { chartCells, menuEntries, selectedEntry } from './layout';

const chart = (id: string, kind: ChartKind = 'bar'): ChartDefinition => ({ id, kind, title: id, query: { templateId: id, parameters: {} } });

describe('chartCells', () => {
  it('puts four charts on a 14-column grid two to a row, 7 columns each', () => {
    const cells = chartCells(['a', 'b', 'c', 'd'].map((id) => chart(id)), 14);
    expect(cells.map((cell) => cell.span)).toEqual([7, 7, 7, 7]);
  });

  it('gives a heatmap 4 of 6 columns beside bars taking 2, both as tall as the heatmap', () => {
    const cells = chartCells([chart('heat', 'heatmap'), chart('bars')], 6);
    expect(cells.map((cell) => [cell.chart.id, cell.span])).toEqual([
      ['heat', 4],
      ['bars', 2],
    ]);
    expect(cells[0]!.height).toBe(cells[1]!.height);
    expect(cells[0]!.height).toBeGreaterThan(chartCells([chart('bars')], 6)[0]!.height);
  });

  it('stacks charts on a one-column grid and lets a lone last chart fill its row', () => {
    expect(chartCells([chart('a', 'line'), chart('b', 'line')], 1).map((cell) => cell.span)).toEqual([1, 1]);
    expect(chartCells([chart('a'), chart('b'), chart('c')], 14).map((cell) => cell.span)).toEqual([7, 7, 14]);
    expect(chartCells([chart('only', 'table')], 14).map((cell) => cell.span)).toEqual([14]);
  });

  it('keeps charts at their height and lets tables shrink to their rows', () => {
    expect(chartCells([chart('a', 'line'), chart('b', 'heatmap')], 6).map((cell) => cell.fixedHeight)).toEqual([true, true]);
    expect(chartCells([chart('t', 'table'), chart('p', 'pivot-table')], 1).map((cell) => cell.fixedHeight)).toEqual([false, false]);
  });

  it('always fills the row exactly', () => {
    for (const columns of [2, 3, 5, 6, 7, 14]) {
      const cells = chartCells([chart('h', 'heatmap'), chart('b')], columns);
      expect(cells[0]!.span + cells[1]!.span).toBe(columns);
    }
  });
});

describe('menuEntries', () => {
  const state: InsightState = {
    gridColumns: 14,
    queryBar: [],
    views: [
      { id: 'plain', title: 'Plain', charts: [chart('p1'), chart('p2')] },
      {
        id: 'trends',
        title: 'Trends',
        subviews: [
          { id: 'sub-a', title: 'Sub A', charts: [chart('a1')] },
          { id: 'sub-b', title: 'Sub B', charts: [chart('b1')] },
        ],
      },
    ],
  };

  it('lists views then their subviews; a view with subviews shows each subview as a section', () => {
    const entries = menuEntries(state);
    expect(entries.map((entry) => [entry.id, entry.depth])).toEqual([
      ['plain', 0],
      ['trends', 0],
      ['sub-a', 1],
      ['sub-b', 1],
    ]);
    expect(entries[1]!.sections.map((section) => [section.title, section.charts.map((c) => c.id)])).toEqual([
      ['Sub A', ['a1']],
      ['Sub B', ['b1']],
    ]);
    expect(entries[3]!.sections.map((section) => section.charts.map((c) => c.id))).toEqual([['b1']]);
  });

  it('selects the named entry, else the first', () => {
    const entries = menuEntries(state);
    expect(selectedEntry(entries, 'sub-b')?.id).toBe('sub-b');
    expect(selectedEntry(entries, 'nope')?.id).toBe('plain');
    expect(selectedEntry(entries, null)?.id).toBe('plain');
  });
});
