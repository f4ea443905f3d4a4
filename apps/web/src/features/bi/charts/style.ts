// The house look of the charts (base.css tokens): palette, fonts, axes, legend and tooltip.
import { tipItems, type TipItem } from './tooltip';
import type { EChartsOption, LegendEntry } from './types';

/** Series colours: the accent blue first, then distinct hues; 20 for the largest line charts. */
export const PALETTE = [
  '#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16', '#f97316', '#64748b',
  '#1e40af', '#b45309', '#047857', '#b91c1c', '#6d28d9', '#0e7490', '#be185d', '#4d7c0f', '#c2410c', '#334155',
];

const TEXT = '#1b2330';
const MUTED = '#5d6878';
const SUBTLE = '#8a94a3';
const BORDER = '#e1e5ec';
const FONT = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The heatmap's scale, white to the accent blue. */
export const HEAT_COLORS = ['#f1f5ff', '#bfd3fe', '#6f9cf7', '#2563eb', '#1e3a8a'];

export const baseOption = (): EChartsOption => ({
  color: PALETTE,
  textStyle: { fontFamily: FONT, color: TEXT, fontSize: 12 },
  animationDuration: 300,
  aria: { enabled: true },
});

/**
 * ECharts' own legend stays hidden: ChartView draws the legend in HTML (it wraps instead of paging through seven long
 * chain names) and toggles series through ECharts' legend selection.
 */
export const legend = (): EChartsOption['legend'] => ({ show: false });

/** The legend entries of some series: each one's name and colour (its own, else the palette's by position). */
export function legendOf(series: ReadonlyArray<{ name?: string | number; itemStyle?: { color?: unknown } }>): LegendEntry[] {
  return series.map((item, k) => ({
    name: String(item.name ?? ''),
    color: typeof item.itemStyle?.color === 'string' ? item.itemStyle.color : PALETTE[k % PALETTE.length]!,
  }));
}

/** The house tooltip; `format` writes its HTML from the items ECharts hands over (one, or one per series on an axis). */
export const tooltip = (trigger: 'axis' | 'item', format?: (items: TipItem[]) => string): EChartsOption['tooltip'] => ({
  trigger,
  ...(format ? { formatter: (params: unknown) => format(tipItems(params)) } : {}),
  confine: true,
  borderColor: BORDER,
  backgroundColor: '#fff',
  textStyle: { color: TEXT, fontSize: 12, fontFamily: FONT },
  extraCssText: 'box-shadow: 0 12px 32px rgb(16 24 40 / 12%); border-radius: 8px;',
  ...(trigger === 'axis' ? { axisPointer: { type: 'shadow', shadowStyle: { color: 'rgba(37, 99, 235, 0.06)' } } } : {}),
});

/** Styles of a category axis (labels only, no ticks). */
export const categoryAxisStyle = {
  axisLine: { lineStyle: { color: BORDER } },
  axisTick: { show: false },
  axisLabel: { color: MUTED, fontSize: 12 },
} as const;

/** Styles of a value axis (dashed split lines, named in the middle). */
export const valueAxisStyle = {
  nameLocation: 'middle',
  nameTextStyle: { color: MUTED, fontSize: 12, fontWeight: 500 },
  axisLine: { show: false },
  axisTick: { show: false },
  axisLabel: { color: SUBTLE, fontSize: 11 },
  splitLine: { lineStyle: { color: BORDER, type: 'dashed' } },
} as const;

/** The tooltip line of one series: its colour dot, its name and its formatted value. */
export function tooltipLine(color: string, name: string, value: string): string {
  return (
    `<div style="display:flex;align-items:center;gap:8px;margin-top:3px">` +
    `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${color}"></span>` +
    `<span style="flex:1;color:${MUTED}">${name}</span><strong style="margin-left:12px">${value}</strong></div>`
  );
}

/** The heading of a tooltip. */
export const tooltipTitle = (title: string) => `<div style="font-weight:600;margin-bottom:2px">${title}</div>`;

/** A muted line of a tooltip. */
export const tooltipNote = (note: string) => `<div style="color:${SUBTLE};margin-top:4px">${note}</div>`;

/** A grid whose rect holds its axis labels and names too (so two grids side by side never overlap). */
export const gridBox = (rect: { top: number | string; right: number | string; bottom: number | string; left: number | string }) => ({
  ...rect,
  outerBoundsMode: 'same' as const,
  outerBoundsContain: 'all' as const,
});
