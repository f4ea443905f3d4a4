// Which charts each filter drives, so a bar whose filters feed different charts (Indexed Foot Traffic: chains within
// one geography, one chain across geographies) shows its filters in groups named after their charts.
import { referencedId, type ChartDefinition, type InsightState, type ViewDefinition } from '../template';
import type { QueryBarItem } from './values';

export interface FieldGroup {
  /** The charts the group's filters drive; empty for filters that drive every chart. */
  charts: ChartDefinition[];
  items: QueryBarItem[];
}

/** Every chart of the template once, in order. */
function chartsOf(state: InsightState): ChartDefinition[] {
  const byId = new Map<string, ChartDefinition>();
  const visit = (view: ViewDefinition) => {
    for (const chart of view.charts ?? []) if (!byId.has(chart.id)) byId.set(chart.id, chart);
    for (const subview of view.subviews ?? []) visit(subview);
  };
  state.views.forEach(visit);
  return [...byId.values()];
}

/**
 * The items grouped by the charts whose queries use them: first the filters every chart uses, then one group per
 * distinct set of charts, in the order of their first filter. One group (no headings needed) when every filter drives
 * the same charts.
 */
export function fieldGroups(items: readonly QueryBarItem[], state: InsightState): FieldGroup[] {
  const charts = chartsOf(state);
  const drives = (item: QueryBarItem) =>
    charts.filter((chart) => Object.values(chart.query.parameters).some((reference) => referencedId(reference) === item.parameter.id));
  const groups = new Map<string, FieldGroup>([['', { charts: [], items: [] }]]);
  for (const item of items) {
    const driven = drives(item);
    const all = driven.length === 0 || driven.length === charts.length;
    const key = all ? '' : driven.map((chart) => chart.id).join('\u0001');
    if (!groups.has(key)) groups.set(key, { charts: driven, items: [] });
    groups.get(key)!.items.push(item);
  }
  return [...groups.values()].filter((group) => group.items.length > 0);
}

/** Whom a group's filters are for: the charts they drive ("Chains within one geography"), or every chart. */
export const groupTitle = (group: FieldGroup) => (group.charts.length ? group.charts.map((chart) => chart.title).join(' and ') : 'every chart');
