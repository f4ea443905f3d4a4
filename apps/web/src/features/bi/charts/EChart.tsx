import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { init, type EChartsType } from './echarts';
import type { ChartClick, EChartsOption } from './types';

interface EChartProps {
  option: EChartsOption;
  height: number;
  /** Series switched off in the legend (by name). */
  hidden?: ReadonlySet<string>;
  onClick?: (click: ChartClick) => void;
}

/** Shows or hides series through ECharts' legend selection (the legend itself is drawn in HTML). */
function applyHidden(chart: EChartsType, option: EChartsOption, hidden: ReadonlySet<string>) {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  for (const item of series) {
    if (item.name === undefined) continue;
    const name = String(item.name);
    chart.dispatchAction({ type: hidden.has(name) ? 'legendUnSelect' : 'legendSelect', name });
  }
}

const NONE: ReadonlySet<string> = new Set();

/** What a chart's owner may ask of the drawing. */
export interface EChartHandle {
  /** The drawing as a PNG data URL (twice the screen resolution, on white), or undefined before it is drawn. */
  png(): string | undefined;
}

/**
 * One ECharts canvas: created on mount, redrawn when the option changes (a new option replaces the old one), resized
 * with its box, disposed on unmount. Clicks on series items and on axis labels with triggerEvent reach `onClick`.
 */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart({ option, height, hidden = NONE, onClick }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const hiddenNow = useRef(hidden);
  hiddenNow.current = hidden;
  useImperativeHandle(ref, () => ({ png: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }) }), []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => click.current?.(params as ChartClick));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true });
    applyHidden(instance, option, hiddenNow.current);
  }, [option]);

  useEffect(() => {
    if (chart.current) applyHidden(chart.current, option, hidden);
    // Runs for a change of the hidden series only: a new option applies them itself.
  }, [hidden]);

  return <div ref={box} className="chart-view__canvas" style={{ height }} />;
});
