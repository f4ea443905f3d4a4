// The query-bar values: the entries a bar shows, a change with the hidden parameters it keeps in step, and the values
// in the URL (one key per parameter: strings as written, anything else as JSON), so a link reproduces the view.
import { convertPeriod, granularityOf, type AnalyticSetDefinition, type QueryParameter } from '@atlas/domain';
import { referencedId, type InsightState, type QueryBarEntry } from '../template';

export interface QueryBarItem {
  entry: QueryBarEntry;
  parameter: QueryParameter;
}

const parameterOf = (definition: AnalyticSetDefinition, entry: QueryBarEntry) =>
  definition.queryParameters.find((parameter) => parameter.id === referencedId(entry.parameter));

/** The entries the bar shows, in order, with their parameters: not hidden by the entry nor by the parameter. */
export function visibleItems(definition: AnalyticSetDefinition, insightState: InsightState): QueryBarItem[] {
  return insightState.queryBar.flatMap((entry) => {
    const parameter = parameterOf(definition, entry);
    return parameter && !entry.hidden && !parameter.hidden ? [{ entry, parameter }] : [];
  });
}

/**
 * The values with the entry's parameter set, and each parameter the entry keeps in step set from that value's key, in
 * the granularity that parameter has now (Visitation Trends' start and end periods stay days once a chart chose days).
 */
export function applyEntryValue(values: Record<string, unknown>, entry: QueryBarEntry, value: unknown): Record<string, unknown> {
  const next = { ...values, [referencedId(entry.parameter)]: value };
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  for (const [key, reference] of Object.entries(entry.sets ?? {})) {
    const given = source[key];
    if (given === undefined) continue;
    const id = referencedId(reference);
    const current = values[id];
    const granularity = typeof current === 'string' ? granularityOf(current) : null;
    next[id] = granularity && typeof given === 'string' ? convertPeriod(given, granularity, key === 'end' ? 'end' : 'start') : given;
  }
  return next;
}

/** One URL key per parameter that has a value: strings as written, anything else as JSON. */
export function encodeValues(values: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [id, value] of Object.entries(values)) if (value !== undefined) search.set(id, typeof value === 'string' ? value : JSON.stringify(value));
  return search;
}

/** A URL value read back: STRING parameters as written, others from JSON (undefined when it is not JSON). */
function decodeValue(parameter: QueryParameter, text: string): unknown {
  if (parameter.type === 'STRING') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The values a view starts from: each parameter's default, overridden by its URL key (other keys are ignored), then the
 * parameters the template's query bar keeps in step (Visitation Trends' start and end periods) set from their entries.
 */
export function initialValues(definition: AnalyticSetDefinition, search: URLSearchParams): Record<string, unknown> {
  let values: Record<string, unknown> = {};
  for (const parameter of definition.queryParameters) {
    const text = search.get(parameter.id);
    const decoded = text === null ? undefined : decodeValue(parameter, text);
    const value = decoded === undefined ? parameter.defaultValue : decoded;
    if (value !== undefined) values[parameter.id] = structuredClone(value);
  }
  const insightState = definition.template.config.insightState as Partial<InsightState>;
  for (const entry of insightState.queryBar ?? []) if (entry.sets) values = applyEntryValue(values, entry, values[referencedId(entry.parameter)]);
  return values;
}
