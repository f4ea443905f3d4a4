// What an option builder answers: the ECharts option of one chart, plus what the card shows around it.
import type { AnalyticRow, Labels } from '@atlas/domain';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ChartDefinition } from '../template';
import type { Confidence } from './confidence';
import type { Drawn } from './rows';

/** The options of the chart types and components registered in echarts.ts, and nothing more. */
export type EChartsOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | AriaComponentOption
>;

/** One number a chart draws: its series (or row), its category (or column) and the value, unrounded. */
export interface Figure {
  series: string;
  category: string;
  value: number | null;
}

/** The groups (series, bars, rows) a chart found and the ones it draws, when its group limit dropped some. */
export interface Limited {
  shown: number;
  total: number;
  /** What a group is, plural ("chains", "geographies"). */
  noun: string;
}

/** What an ECharts click reports (series item or axis label), as far as the charts read it. */
export interface ChartClick {
  componentType: string;
  /** Series items: the item's data, e.g. [column, row, value] for the heatmap. */
  data?: unknown;
  /** Axis labels (triggerEvent): the category value. */
  value?: unknown;
}

/** One series in the chart's legend. */
export interface LegendEntry {
  name: string;
  color: string;
}

export interface ChartSpec {
  option: EChartsOption;
  figures: Figure[];
  /** The series the legend lists, when the chart has one. */
  legend?: LegendEntry[];
  /** What the chart shows beyond its title ("Focus chain: …", "7-day rolling average"). */
  subtitle?: string;
  limited?: Limited;
  /** Why the chart reads as it does when that is not evident (focus and benchmark are the same period). */
  notice?: string;
  /** The column id a click selects, when the chart offers column selection. */
  columnAt?(click: ChartClick): string | undefined;
  /** The columns a click can select, in order (also offered as buttons to keyboards and tests). */
  columns?: Array<{ id: string; name: string }>;
  /** The height the chart needs when its rows decide it (long category lists). */
  minHeight?: number;
}

export type Values = Record<string, unknown>;

/**
 * Builds a chart from the rows of its view, typed by the view's row schema (rows.ts); `confidence` marks the figures
 * resting on few devices (default: 30 devices, marked).
 */
export type OptionBuilder<R extends AnalyticRow> = (
  rows: readonly Drawn<R>[],
  chart: ChartDefinition,
  values: Values,
  labels: Labels,
  confidence?: Confidence,
) => ChartSpec;
