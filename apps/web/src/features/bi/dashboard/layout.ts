// How a dashboard lays out its template: the side-menu entries (views and subviews) and the chart cards of the selected
// entry on the template's grid (insightState.gridColumns).
import type { AnalyticSetDefinition } from '@atlas/domain';
import type { ChartDefinition, ChartKind, InsightState, ViewDefinition } from '../template';

/** The side-menu layout a set's template describes. */
export function insightStateOf(definition: AnalyticSetDefinition): InsightState {
  return definition.template.config.insightState as unknown as InsightState;
}

/** A group of charts under a heading: a view with charts, or one subview. */
export interface ChartSection {
  id: string;
  title: string;
  charts: ChartDefinition[];
}

/** One entry of the side menu. A view with subviews shows all of them; a subview only its own charts. */
export interface MenuEntry {
  id: string;
  title: string;
  /** 0 for a view, 1 for a subview. */
  depth: number;
  sections: ChartSection[];
}

export function menuEntries(state: InsightState): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const visit = (view: ViewDefinition, depth: number) => {
    const own: ChartSection[] = view.charts?.length ? [{ id: view.id, title: view.title, charts: view.charts }] : [];
    const subviews = view.subviews ?? [];
    const nested = subviews.map((subview) => ({ id: subview.id, title: subview.title, charts: subview.charts ?? [] }));
    entries.push({ id: view.id, title: view.title, depth, sections: [...own, ...nested] });
    for (const subview of subviews) visit(subview, depth + 1);
  };
  for (const view of state.views) visit(view, 0);
  return entries;
}

/** The entry named in the URL, else the first. */
export function selectedEntry(entries: MenuEntry[], id: string | null): MenuEntry | undefined {
  return entries.find((entry) => entry.id === id) ?? entries[0];
}

/** How much of a row each kind of chart takes beside others: a heatmap twice what a bar chart beside it gets. */
const WEIGHTS: Partial<Record<ChartKind, number>> = { heatmap: 2 };
const HEIGHTS: Record<ChartKind, number> = { line: 360, bar: 360, heatmap: 440, table: 560, 'pivot-table': 560 };
/** Tables take the height their rows need, up to their height, instead of filling it. */
const SIZED_BY_CONTENT: ReadonlySet<ChartKind> = new Set(['table', 'pivot-table']);
const CHARTS_PER_ROW = 2;

export interface ChartCell {
  chart: ChartDefinition;
  /** Grid columns the card spans (of gridColumns). */
  span: number;
  /** Height of the chart area, equal across a row (for a table: its most). */
  height: number;
  /** True when the card keeps that height whatever it shows (charts); tables shrink to their rows. */
  fixedHeight: boolean;
}

/**
 * Places a section's charts two to a row; each takes columns in proportion to its weight, so four Audience Insight
 * charts on 14 columns take 7 each and Cross-Visitation's heatmap takes 4 of 6 beside its bars' 2. A last chart alone
 * takes the whole row; a one-column grid stacks everything.
 */
export function chartCells(charts: ChartDefinition[], gridColumns: number): ChartCell[] {
  const cells: ChartCell[] = [];
  const perRow = gridColumns >= CHARTS_PER_ROW ? CHARTS_PER_ROW : 1;
  for (let start = 0; start < charts.length; start += perRow) {
    const row = charts.slice(start, start + perRow);
    const weights = row.map((chart) => WEIGHTS[chart.kind] ?? 1);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const height = Math.max(...row.map((chart) => HEIGHTS[chart.kind]));
    let used = 0;
    row.forEach((chart, index) => {
      const span = index === row.length - 1 ? gridColumns - used : Math.max(1, Math.round((gridColumns * weights[index]!) / total));
      used += span;
      cells.push({ chart, span, height, fixedHeight: !SIZED_BY_CONTENT.has(chart.kind) });
    });
  }
  return cells;
}
