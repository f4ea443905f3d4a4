// Checks of bi-and-admin.md §5: template references, and the values a caller picks in the query bar. Shared by the
// server (query service, BI configuration) and the web app's query bar, so both apply the same rules.
import { Messages } from './errors.js';
import { isPeriod } from './periods.js';
import type { AnalyticSetDefinition, QueryParameter } from './schemas/analytics.js';

export * from './periods.js';

const REFERENCE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Every `{{param}}` written anywhere in a template (keys and string values, at any depth). */
export function templateReferences(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(REFERENCE)) found.add(match[1]!);
  else if (Array.isArray(value)) for (const item of value) templateReferences(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      templateReferences(key, found);
      templateReferences(item, found);
    }
  return found;
}

/** Throws "Parameter {id} is not listed in queryParameters" for the first reference without a parameter. */
export function validateDefinition(def: AnalyticSetDefinition): void {
  const listed = new Set(def.queryParameters.map((parameter) => parameter.id));
  for (const id of templateReferences(def.template)) if (!listed.has(id)) throw new Error(Messages.parameterNotListed(id));
}

export interface QueryValueProblem {
  parameterId: string;
  message: string;
}

/** Parameters that may not be empty beyond `required` (Movement Pivot: Geography, Period and Category + Chain). */
const NON_EMPTY: Partial<Record<string, readonly string[]>> = { 'movement-pivot': ['geography', 'period', 'taxonomies'] };

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The ids of the parameters a view or chart of the template uses (`templateId`: a view's, subview's or chart's id, or a
 * chart's query template id); null when the template has no such part.
 */
export function usedParameters(def: AnalyticSetDefinition, templateId: string): Set<string> | null {
  const found: unknown[] = [];
  const visit = (node: unknown, inside: boolean) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, inside));
    if (!node || typeof node !== 'object') return;
    const part = node as { id?: unknown; query?: { templateId?: unknown } };
    const match = inside || part.id === templateId || part.query?.templateId === templateId;
    if (match && part.query) found.push(part.query);
    for (const [key, child] of Object.entries(node)) if (key !== 'query') visit(child, match);
  };
  visit((def.template.config as { insightState?: unknown }).insightState, false);
  return found.length ? templateReferences(found) : null;
}

/**
 * The problems of a set of query-bar values; an empty list means they may be run. Absent optional values take their
 * default. With `only`, required and non-empty rules apply to those parameters alone (the ones a view uses).
 */
export function validateQueryValues(def: AnalyticSetDefinition, values: Record<string, unknown>, only?: ReadonlySet<string>): QueryValueProblem[] {
  const problems: QueryValueProblem[] = [];
  const listed = new Set(def.queryParameters.map((parameter) => parameter.id));
  for (const id of Object.keys(values)) if (!listed.has(id)) problems.push({ parameterId: id, message: Messages.parameterNotListed(id) });
  const nonEmpty = NON_EMPTY[def.id] ?? [];
  for (const parameter of def.queryParameters) {
    const value = values[parameter.id];
    if (only && !only.has(parameter.id) && value === undefined) continue;
    if (isEmpty(value)) {
      if (nonEmpty.includes(parameter.id)) problems.push({ parameterId: parameter.id, message: `${parameter.name} may not be empty` });
      else if (parameter.required) problems.push({ parameterId: parameter.id, message: `${parameter.name} is required` });
      continue;
    }
    const problem = checkValue(parameter, value);
    if (problem) problems.push({ parameterId: parameter.id, message: problem });
  }
  return problems;
}

function checkValue(parameter: QueryParameter, value: unknown): string | null {
  switch (parameter.type) {
    case 'STRING':
      if (typeof value !== 'string') return `${parameter.name} must be a string`;
      return parameter.periodRanges?.length ? checkPeriod(parameter, value) : unknownValues(parameter, [value]);
    case 'MULTI_STRING': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return `${parameter.name} must be a list of strings`;
      if (value.length > parameter.maxValues) return `${parameter.name} takes at most ${parameter.maxValues} values`;
      return unknownValues(parameter, value);
    }
    case 'BOOLEAN':
      return typeof value === 'boolean' ? null : `${parameter.name} must be true or false`;
    case 'DATE_RANGE':
      return checkPeriods(parameter, value, ['start', 'end'], (range) => (range.start! > range.end! ? `${parameter.name}: the start comes after the end` : null));
    case 'DATE_PERIOD_RANGE':
      return checkPeriods(parameter, value, ['focus', 'benchmark'], (range) =>
        range.benchmark! > range.focus! ? `${parameter.name}: the benchmark comes after the focus` : null,
      );
    case 'PIVOT_TABLE':
      return checkPivot(parameter, value);
  }
}

function unknownValues(parameter: QueryParameter, items: string[]): string | null {
  if (!parameter.availableValues) return null;
  const available = new Set(parameter.availableValues);
  const unknown = items.filter((item) => !available.has(item));
  return unknown.length ? `${parameter.name}: unknown value ${unknown.map((item) => JSON.stringify(item)).join(', ')}` : null;
}

/** One period written as text (Visitation Trends' start and end periods): of a granularity the parameter offers, in its bounds. */
function checkPeriod(parameter: QueryParameter, value: string): string | null {
  const ranges = parameter.periodRanges ?? [];
  const bounds = ranges.find((range) => isPeriod(range.granularity, value));
  if (!bounds) return `${parameter.name}: not a ${ranges.map((range) => range.granularity).join(' or ')} period`;
  return value < bounds.start || value > bounds.end ? `${parameter.name}: ${value} is outside ${bounds.start}..${bounds.end}` : null;
}

/** A period value {granularity, <two keys>}: a granularity the parameter offers, both periods in its bounds, then the order rule. */
function checkPeriods(parameter: QueryParameter, value: unknown, keys: [string, string], order: (range: Record<string, string>) => string | null): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${parameter.name} must be an object with granularity, ${keys.join(' and ')}`;
  const range = value as Record<string, unknown>;
  const bounds = parameter.periodRanges?.find((candidate) => candidate.granularity === range.granularity);
  if (!bounds) return `${parameter.name}: granularity must be one of ${(parameter.periodRanges ?? []).map((candidate) => candidate.granularity).join(', ')}`;
  for (const key of keys) {
    const period = range[key];
    if (typeof period !== 'string' || !isPeriod(bounds.granularity, period)) return `${parameter.name}: ${key} is not a ${bounds.granularity} period`;
    if (period < bounds.start || period > bounds.end) return `${parameter.name}: ${key} ${period} is outside ${bounds.start}..${bounds.end}`;
  }
  return order(range as Record<string, string>);
}

function checkPivot(parameter: QueryParameter, value: unknown): string | null {
  const layout = value as { rows?: unknown; columns?: unknown } | null;
  const lists = [layout?.rows, layout?.columns];
  if (!layout || typeof layout !== 'object' || !lists.every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string')))
    return `${parameter.name} must be an object with rows and columns`;
  const used = (lists as string[][]).flat();
  if (used.length === 0) return `${parameter.name} needs a dimension on rows or columns`;
  if (new Set(used).size !== used.length) return `${parameter.name}: a dimension is used twice`;
  return unknownValues(parameter, used);
}
