// A cell's result as the three views draw it: the rows of one page, their columns with a type the map and chart
// understand (the server names types in its engine's words: DOUBLE, int4, VARCHAR…), and the chart's ECharts option.
import type { QueryColumn } from '@atlas/domain';
import type { DatasetColumn } from '../datasets/preview/mapSource';
import type { ChartSettings } from './cells';

export interface CellResult {
  columns: QueryColumn[];
  rows: Array<Record<string, unknown>>;
  /** Rows of the whole result. */
  total: number;
  /** Where this page starts in the whole result. */
  offset: number;
  /** The execution that answered (SQL cells; a pipeline's is not known). */
  executionId: string | null;
}

/** Rows a run reads at a time: one page of the table, and what the chart and map draw. */
export const RESULT_PAGE = 500;

/** Each column typed by its first value ('number', numeric text included; 'string'; 'unknown'), as the map's source detection reads them. */
export function typedColumns(result: Pick<CellResult, 'columns' | 'rows'>): DatasetColumn[] {
  return result.columns.map(({ name }) => {
    const value = result.rows.map((row) => row[name]).find((item) => item !== null && item !== undefined);
    const type = numberOf(value) !== null ? 'number' : typeof value === 'string' ? 'string' : 'unknown';
    return { name, type };
  });
}

/** Numbers as numbers: PostgreSQL's numeric arrives as text to keep its precision, which is fine to draw. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** The chart's columns when none were chosen: the first column for x, the first numeric other one for y. */
export function defaultChart(chart: ChartSettings, columns: readonly DatasetColumn[]): ChartSettings {
  const names = columns.map((column) => column.name);
  const x = names.includes(chart.x) ? chart.x : (names[0] ?? '');
  const y = names.includes(chart.y) ? chart.y : (columns.find((column) => column.type === 'number' && column.name !== x)?.name ?? '');
  return { ...chart, x, y };
}

/** The ECharts option of the chart, or why it cannot be drawn. */
export function chartOption(rows: ReadonlyArray<Record<string, unknown>>, chart: ChartSettings): { option: Record<string, unknown> } | { problem: string } {
  if (!chart.x || !chart.y) return { problem: 'Choose the columns for x and y' };
  const points = rows.map((row) => [chart.type === 'scatter' ? numberOf(row[chart.x]) : String(row[chart.x] ?? ''), numberOf(row[chart.y])] as const).filter(([x, y]) => x !== null && y !== null);
  if (points.length === 0) return { problem: `No row has a number in ${chart.y}${chart.type === 'scatter' ? ` and in ${chart.x}` : ''} to draw` };
  const category = chart.type !== 'scatter';
  return {
    option: {
      animation: false,
      aria: { enabled: true },
      tooltip: { trigger: category ? 'axis' : 'item' },
      grid: { left: 56, right: 24, top: 24, bottom: 48 },
      xAxis: category ? { type: 'category', name: chart.x, nameLocation: 'middle', nameGap: 30, data: points.map(([x]) => x) } : { type: 'value', name: chart.x, nameLocation: 'middle', nameGap: 30, scale: true },
      yAxis: { type: 'value', name: chart.y, scale: !category },
      series: [{ type: chart.type, name: chart.y, data: category ? points.map(([, y]) => y) : points.map(([x, y]) => [x, y]) }],
    },
  };
}
