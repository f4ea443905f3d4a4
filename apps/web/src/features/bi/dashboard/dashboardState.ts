// A dashboard's state: which analytic set it opens, its query-bar values (defaults, then the saved values, then the
// URL's), what a save stores in the insight-state record, and the URL after a change.
import { ANALYTIC_SET_IDS, type AnalyticSetDefinition, type AnalyticSetId, type CatalogueRecord } from '@atlas/domain';
import { REPORT_TEMPLATE_ID } from '@atlas/routes';
import { encodeValues, initialValues } from '../query-bar';
import type { ChartDefinition } from '../template';
import { referencedId } from '../template';

/** URL keys beside the parameter values: the template of a new dashboard and the side-menu entry shown. */
export const TEMPLATE_KEY = 'templateId';
export const VIEW_KEY = 'view';

/** What an insight-state record of a dashboard holds. */
export interface DashboardStateData {
  templateId: AnalyticSetId;
  values: Record<string, unknown>;
}

export function isAnalyticSetId(value: unknown): value is AnalyticSetId {
  return typeof value === 'string' && (ANALYTIC_SET_IDS as readonly string[]).includes(value);
}

/**
 * What /dashboard/new?templateId=… opens: an analytic set, or the gallery to pick one from — without a templateId,
 * with the report template (the default of a new dashboard, which is no analytic set) or with an unknown id.
 */
export type NewDashboardTarget = { kind: 'set'; setId: AnalyticSetId } | { kind: 'gallery'; unknownTemplateId?: string };

export function newDashboardTarget(templateId: string | null): NewDashboardTarget {
  if (isAnalyticSetId(templateId)) return { kind: 'set', setId: templateId };
  if (templateId === null || templateId === '' || templateId === REPORT_TEMPLATE_ID) return { kind: 'gallery' };
  return { kind: 'gallery', unknownTemplateId: templateId };
}

/** The saved state of an insight record (its latest state), or null when it holds no analytic-set dashboard. */
export function readDashboardState(record: Pick<CatalogueRecord, 'latestState'>): DashboardStateData | null {
  const data = record.latestState?.data;
  if (!data || !isAnalyticSetId(data.templateId)) return null;
  const values = data.values && typeof data.values === 'object' && !Array.isArray(data.values) ? (data.values as Record<string, unknown>) : {};
  return { templateId: data.templateId, values };
}

/** The values a dashboard shows: the set's defaults, overridden by the saved values, overridden by the URL's. */
export function dashboardValues(definition: AnalyticSetDefinition, search: URLSearchParams, saved?: Record<string, unknown>): Record<string, unknown> {
  const listed = new Set(definition.queryParameters.map((parameter) => parameter.id));
  // Values saved for a parameter the set no longer lists are dropped rather than sent.
  const kept = Object.fromEntries(Object.entries(saved ?? {}).filter(([id]) => listed.has(id)));
  const merged = encodeValues(kept);
  for (const id of listed) {
    const value = search.get(id);
    if (value !== null) merged.set(id, value);
  }
  return initialValues(definition, merged);
}

/** The URL query after the values changed: other keys (template, view) stay first, then one key per parameter. */
export function searchWithValues(definition: AnalyticSetDefinition, current: URLSearchParams, values: Record<string, unknown>): URLSearchParams {
  const listed = new Set(definition.queryParameters.map((parameter) => parameter.id));
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!listed.has(key)) next.append(key, value);
  for (const [key, value] of encodeValues(values)) next.set(key, value);
  return next;
}

/** The name a first save proposes: the set's title and the day, e.g. "Audience Insight · 23 Nov 2025". */
export function defaultDashboardName(title: string, date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  return `${title} · ${day}`;
}

/**
 * A column selection (Cross-Visitation's heatmap) sets a hidden parameter to one of the values the chart's list
 * parameters hold. When a change of those lists drops the selected value, the selection falls back to the first
 * value still listed, so the chart beside the heatmap never describes a column the heatmap no longer shows.
 */
export function keepColumnSelections(charts: ChartDefinition[], values: Record<string, unknown>): Record<string, unknown> {
  let next = values;
  for (const chart of charts) {
    if (!chart.onColumnSelect) continue;
    const target = referencedId(chart.onColumnSelect.set);
    const columns = Object.values(chart.query.parameters)
      .map((reference) => next[referencedId(reference)])
      .filter((value): value is string[] => Array.isArray(value))
      .flat();
    const selected = next[target];
    if (columns.length > 0 && typeof selected === 'string' && !columns.includes(selected)) next = { ...next, [target]: columns[0] };
  }
  return next;
}
