// A cell's result as an ECharts chart: bar or line over the x column's values, scatter over two numbers; the columns
// are picked here (by an editor) and saved with the cell.
import { useEffect, useMemo, useRef } from 'react';
import { ScatterChart } from 'echarts/charts';
import { use } from 'echarts/core';
import { init, type EChartsType } from '../bi/charts/echarts';
import { CHART_TYPES, type ChartSettings, type ChartType } from './cells';
import { chartOption, defaultChart, typedColumns, type CellResult } from './result';

// The BI charts bundle bar and line; scatter is the workbook's own.
use([ScatterChart]);

export function ResultChart({ result, chart, canEdit, onChange }: { result: CellResult; chart: ChartSettings; canEdit: boolean; onChange(chart: ChartSettings): void }) {
  const columns = useMemo(() => typedColumns(result), [result]);
  const shown = defaultChart(chart, columns);
  const built = useMemo(() => chartOption(result.rows, shown), [result.rows, shown.type, shown.x, shown.y]);
  const pick = (key: 'x' | 'y', label: string) => (
    <label className="field workbook-chart__pick">
      <span className="field__label">{label}</span>
      <select className="field__input" aria-label={`Chart ${key}`} value={shown[key]} disabled={!canEdit} onChange={(event) => onChange({ ...shown, [key]: event.target.value })}>
        <option value="">Choose…</option>
        {columns.map((column) => (
          <option key={column.name} value={column.name}>
            {column.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="workbook-chart">
      <div className="workbook-chart__settings">
        <label className="field workbook-chart__pick">
          <span className="field__label">Chart</span>
          <select className="field__input" aria-label="Chart type" value={shown.type} disabled={!canEdit} onChange={(event) => onChange({ ...shown, type: event.target.value as ChartType })}>
            {CHART_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        {pick('x', 'X')}
        {pick('y', 'Y')}
      </div>
      {'problem' in built ? (
        <p className="catalogue-list__empty" data-testid="chart-none">
          {built.problem}
        </p>
      ) : (
        <EChart option={built.option} />
      )}
    </div>
  );
}

function EChart({ option }: { option: Record<string, unknown> }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    if (!container.current) return;
    const instance = init(container.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(container.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={container} className="workbook-chart__canvas" data-testid="cell-chart" />;
}
