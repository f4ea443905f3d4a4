// The side-menu layout an analytic set's template describes (template.config.insightState), as the web app reads it,
// and how a chart's query is filled from the query-bar values.
import type { FilterWidget, PeriodGranularity } from '@atlas/domain';

export type ChartKind = 'line' | 'bar' | 'heatmap' | 'table' | 'pivot-table';

export interface ChartDefinition {
  id: string;
  kind: ChartKind;
  title: string;
  /** The query template and its parameters, each written "{{parameterId}}". */
  query: { templateId: string; parameters: Record<string, string> };
  /** Most groups (series, bars, rows) the chart shows (bi-and-admin.md §9). */
  groupLimit?: number;
  /** Fixed category order of the x axis (dayparts). */
  categories?: string[];
  /** Selecting a column sets this hidden parameter ("{{focusChain}}"). */
  onColumnSelect?: { set: string };
  /** Customer Journey: the table may be drawn as this chart instead. */
  alternativeKind?: ChartKind;
  /** The export control shows only when this template parameter is true. */
  exportControl?: { templateParameter: string };
  /**
   * The chart offers its range in these granularities, rewriting the periods of both ends ("{{startPeriod}}",
   * "{{endPeriod}}"): Visitation Trends' indexed subview, monthly or daily (7-day rolling).
   */
  periodGranularity?: { start: string; end: string; options: PeriodGranularity[] };
}

export interface ViewDefinition {
  id: string;
  title: string;
  charts?: ChartDefinition[];
  subviews?: ViewDefinition[];
}

export interface QueryBarEntry {
  widget: FilterWidget;
  /** "{{parameterId}}" */
  parameter: string;
  hidden?: boolean;
  /** Other parameters the widget keeps in step ("{{startPeriod}}"), by the value's key. */
  sets?: Record<string, string>;
  /** Names of the two periods of a Focus vs Benchmark value ("Focus", "Benchmark"). */
  labels?: { focus?: string; benchmark?: string };
  /** Written between the two periods ("vs"). */
  separator?: string;
  /** Daily figures are rolling averages over this many days (Indexed Foot Traffic: 7). */
  rollingDays?: number;
}

export interface InsightState {
  gridColumns: number;
  queryBar: QueryBarEntry[];
  views: ViewDefinition[];
}

const REFERENCE = /^\{\{\s*([^{}\s]+)\s*\}\}$/;

/** The parameter id of a "{{id}}" reference. */
export function referencedId(reference: string): string {
  const match = REFERENCE.exec(reference);
  if (!match) throw new Error(`Not a parameter reference: ${reference}`);
  return match[1]!;
}

/** The values a chart's query sends: its own parameters only, so a change elsewhere does not re-query it. */
export function chartParameters(chart: ChartDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const [name, reference] of Object.entries(chart.query.parameters)) {
    const value = values[referencedId(reference)];
    if (value !== undefined) parameters[name] = value;
  }
  return parameters;
}
