// The queries screen's pure parts: what the template form holds and how it becomes a request, how a typed parameter
// value becomes what the server binds, rollups, and how an execution's state reads.
import {
  TEMPLATE_PARAMETER_TYPES,
  type CreateQueryTemplateRequest,
  type ParameterValue,
  type ParameterValues,
  type QueryExecution,
  type QueryExecutionState,
  type QueryTemplate,
  type Rollup,
  type TemplateParameter,
  type TemplateParameterType,
} from '@atlas/domain';

export const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** {{dataset}} stands for the dataset; the server refuses it as a parameter name. */
export const RESERVED_NAME = 'dataset';
export const PARAMETER_TYPES = TEMPLATE_PARAMETER_TYPES;

// ---- the template form ----------------------------------------------------------------------------------------

/** One parameter row of the form, every field as typed. */
export interface ParameterDraft {
  name: string;
  type: TemplateParameterType;
  /** The default as typed: empty means none. */
  defaultText: string;
  /** The default is a list (one value per line). */
  defaultList: boolean;
  description: string;
}

export interface TemplateDraft {
  name: string;
  description: string;
  template: string;
  /** '' means no dataset. */
  datasetId: string;
  parameters: ParameterDraft[];
}

export const emptyParameter = (): ParameterDraft => ({ name: '', type: 'string', defaultText: '', defaultList: false, description: '' });

export function draftOf(template?: QueryTemplate): TemplateDraft {
  if (!template) return { name: '', description: '', template: '', datasetId: '', parameters: [] };
  return {
    name: template.name,
    description: template.description,
    template: template.template,
    datasetId: template.datasetId ?? '',
    parameters: template.parameters.map((parameter) => ({
      name: parameter.name,
      type: parameter.type,
      defaultText: parameter.default === undefined ? '' : valueText(parameter.default),
      defaultList: Array.isArray(parameter.default),
      description: parameter.description ?? '',
    })),
  };
}

/** The {{name}} placeholders of a template's text (a quick look for the form; the server parses for real). */
export function placeholdersOf(text: string): string[] {
  const withoutComments = text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const names = new Set<string>();
  for (const match of withoutComments.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) names.add(match[1]!);
  return [...names];
}

/** What the form's draft sends, or the problems to fix first (the server checks the SQL itself). */
export function buildTemplateRequest(draft: TemplateDraft): { request: CreateQueryTemplateRequest; problems: [] } | { request: null; problems: string[] } {
  const problems: string[] = [];
  if (draft.name.trim() === '') problems.push('Name is required');
  if (draft.template.trim() === '') problems.push('The SQL template is required');
  const seen = new Set<string>();
  const parameters: TemplateParameter[] = [];
  draft.parameters.forEach((row, index) => {
    const name = row.name.trim();
    const label = name ? `Parameter “${name}”` : `Parameter ${index + 1}`;
    if (!PARAMETER_NAME.test(name)) problems.push(`${label}: a name is a letter or _ followed by letters, digits or _ (at most 63)`);
    else if (name === RESERVED_NAME) problems.push(`${label}: “dataset” is reserved for the dataset`);
    else if (seen.has(name)) problems.push(`${label} is declared twice`);
    seen.add(name);
    const parameter: TemplateParameter = { name, type: row.type };
    if (row.defaultText.trim() !== '') {
      const parsed = parseValue(row.type, row.defaultText, row.defaultList);
      if (parsed.problem) problems.push(`${label}: default ${parsed.problem}`);
      else parameter.default = parsed.value;
    }
    if (row.description.trim()) parameter.description = row.description.trim();
    parameters.push(parameter);
  });
  for (const name of placeholdersOf(draft.template)) {
    if (name !== RESERVED_NAME && !seen.has(name)) problems.push(`{{${name}}} is used in the SQL but not declared as a parameter`);
  }
  if (problems.length) return { request: null, problems };
  return {
    request: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      template: draft.template,
      parameters,
      datasetId: draft.datasetId || null,
    },
    problems: [],
  };
}

// ---- parameter values ---------------------------------------------------------------------------------------

/** A value as the form shows it: a list one item a line. */
export function valueText(value: ParameterValue): string {
  const one = (item: unknown) => (item === null ? '' : String(item));
  return Array.isArray(value) ? value.map(one).join('\n') : one(value);
}

/** The items of a list input: one a line, blank lines dropped. */
export const listItems = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One typed item as the server binds it, or why it is not one. */
export function parseScalar(type: TemplateParameterType, text: string): { value: string | number | boolean; problem?: undefined } | { value?: undefined; problem: string } {
  const trimmed = text.trim();
  switch (type) {
    case 'number': {
      const number = Number(trimmed);
      return trimmed !== '' && Number.isFinite(number) ? { value: number } : { problem: `“${trimmed}” is not a number` };
    }
    case 'integer': {
      const number = Number(trimmed);
      return /^[-+]?\d+$/.test(trimmed) && Number.isSafeInteger(number) ? { value: number } : { problem: `“${trimmed}” is not a whole number` };
    }
    case 'boolean':
      if (/^(true|yes|1)$/i.test(trimmed)) return { value: true };
      if (/^(false|no|0)$/i.test(trimmed)) return { value: false };
      return { problem: `“${trimmed}” is not true or false` };
    case 'date':
      return DATE.test(trimmed) && !Number.isNaN(Date.parse(trimmed)) ? { value: trimmed } : { problem: `“${trimmed}” is not a date (YYYY-MM-DD)` };
    case 'timestamp':
      return !Number.isNaN(Date.parse(trimmed)) && /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? { value: trimmed } : { problem: `“${trimmed}” is not a timestamp (YYYY-MM-DD HH:MM:SS)` };
    default:
      // A string keeps its spaces.
      return { value: text };
  }
}

/** A typed value (one, or a list one a line) as the server binds it. */
export function parseValue(type: TemplateParameterType, text: string, list: boolean): { value: ParameterValue; problem?: undefined } | { value?: undefined; problem: string } {
  if (!list) return parseScalar(type, text);
  const values: Array<string | number | boolean> = [];
  for (const item of listItems(text)) {
    const parsed = parseScalar(type, item);
    if (parsed.problem !== undefined) return { problem: parsed.problem };
    values.push(parsed.value);
  }
  return { value: values };
}

/** One parameter input of the run form. */
export interface ParameterInput {
  text: string;
  list: boolean;
}

export function initialInputs(parameters: readonly TemplateParameter[], values: ParameterValues = {}): Record<string, ParameterInput> {
  const inputs: Record<string, ParameterInput> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name];
    inputs[parameter.name] = value === undefined ? { text: '', list: Array.isArray(parameter.default) } : { text: valueText(value), list: Array.isArray(value) };
  }
  return inputs;
}

/**
 * The parameters a run sends: what was typed, parsed by type. An empty input is left out so the template's default
 * applies; without a default it is a problem here rather than the server's "has no value and no default".
 */
export function buildRunParameters(
  parameters: readonly TemplateParameter[],
  inputs: Record<string, ParameterInput>,
): { values: ParameterValues; problems: string[] } {
  const values: ParameterValues = {};
  const problems: string[] = [];
  for (const parameter of parameters) {
    const input = inputs[parameter.name] ?? { text: '', list: false };
    const empty = input.list ? listItems(input.text).length === 0 : input.text.trim() === '';
    if (empty) {
      if (parameter.default === undefined) problems.push(`${parameter.name}: enter a value (it has no default)`);
      continue;
    }
    const parsed = parseValue(parameter.type, input.text, input.list);
    if (parsed.problem !== undefined) problems.push(`${parameter.name}: ${parsed.problem}`);
    else values[parameter.name] = parsed.value;
  }
  return { values, problems };
}

/** Adds a picked distinct value to an input: replaces a single value, appends to a list (once). */
export function withPicked(input: ParameterInput, picked: unknown): ParameterInput {
  const text = picked === null || picked === undefined ? '' : String(picked);
  if (!input.list) return { ...input, text };
  const items = listItems(input.text);
  return items.includes(text) ? input : { ...input, text: [...items, text].join('\n') };
}

// ---- rollup --------------------------------------------------------------------------------------------------

export interface RollupDraft {
  enabled: boolean;
  /** Comma-separated column names. */
  rows: string;
  columns: string;
  values: Array<{ column: string; fn: Rollup['values'][number]['fn'] }>;
}

export const emptyRollup = (): RollupDraft => ({ enabled: false, rows: '', columns: '', values: [{ column: '', fn: 'count' }] });

const names = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The rollup a run sends (none when off), or why not: it needs rows or columns (the spec's rule). */
export function buildRollup(draft: RollupDraft): { rollup?: Rollup; problems: string[] } {
  if (!draft.enabled) return { problems: [] };
  const rows = names(draft.rows);
  const columns = names(draft.columns);
  const problems: string[] = [];
  if (rows.length === 0 && columns.length === 0) problems.push('Rollup needs rows or columns');
  const values = draft.values.filter((value) => value.column.trim() !== '').map((value) => ({ column: value.column.trim(), fn: value.fn }));
  const rollup: Rollup = { values };
  if (rows.length) rollup.rows = rows;
  if (columns.length) rollup.columns = columns;
  return problems.length ? { problems } : { rollup, problems };
}

// ---- executions ----------------------------------------------------------------------------------------------

export const STATE_LABELS: Record<QueryExecutionState, string> = {
  queued: 'Queued',
  running: 'Running',
  success: 'Succeeded',
  failure: 'Failed',
  cancelled: 'Cancelled',
};

export const isActive = (state: QueryExecutionState) => state === 'queued' || state === 'running';

/** How long it ran, as people read it ("0.4 s", "2 min 5 s"); null until it started. */
export function durationText(execution: Pick<QueryExecution, 'startedAt' | 'finishedAt'>, now = Date.now()): string | null {
  if (!execution.startedAt) return null;
  const ms = (execution.finishedAt ? Date.parse(execution.finishedAt) : now) - Date.parse(execution.startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * The execution a run in flight made: among the caller's newest executions, the newest of the template that was not
 * there before the run started (executions are listed newest first).
 */
export function findRunExecution(items: readonly QueryExecution[], templateId: string, before: ReadonlySet<string>): QueryExecution | undefined {
  return items.find((item) => item.queryTemplateId === templateId && !before.has(item.id));
}
