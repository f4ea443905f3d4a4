import { describe, expect, it } from 'vitest';
import type { QueryExecution, TemplateParameter } from '@atlas/domain';
import {
  STATE_LABELS,
  buildRollup,
  buildRunParameters,
  buildTemplateRequest,
  draftOf,
  durationText,
  emptyParameter,
  emptyRollup,
  findRunExecution,
  initialInputs,
  isActive,
  parseScalar,
  parseValue,
  placeholdersOf,
  withPicked,
  type TemplateDraft,
} from './model';

const draft = (change: Partial<TemplateDraft> = {}): TemplateDraft => ({
  name: 'By category',
  description: '',
  template: 'SELECT * FROM {{dataset}} WHERE category_name IN ({{categories}})',
  datasetId: '',
  parameters: [{ ...emptyParameter(), name: 'categories' }],
  ...change,
});

describe('the template form', () => {
  it('builds the request: trimmed name, typed defaults, no dataset as null', () => {
    const built = buildTemplateRequest(
      draft({ name: '  By category ', parameters: [{ name: 'categories', type: 'string', defaultText: 'Coffee\n\nGrocery\n', defaultList: true, description: ' which ' }] }),
    );
    expect(built.problems).toEqual([]);
    expect(built.request).toEqual({
      name: 'By category',
      description: '',
      template: 'SELECT * FROM {{dataset}} WHERE category_name IN ({{categories}})',
      parameters: [{ name: 'categories', type: 'string', default: ['Coffee', 'Grocery'], description: 'which' }],
      datasetId: null,
    });
  });

  it('refuses what the server would: no name or SQL, bad, reserved or repeated parameter names, bad defaults, undeclared placeholders', () => {
    const built = buildTemplateRequest({
      name: ' ',
      description: '',
      template: 'SELECT {{a}}, {{b}} FROM {{dataset}}',
      datasetId: '',
      parameters: [
        { ...emptyParameter(), name: '1x' },
        { ...emptyParameter(), name: 'dataset' },
        { ...emptyParameter(), name: 'a', type: 'integer', defaultText: '1.5' },
        { ...emptyParameter(), name: 'a' },
      ],
    });
    expect(built.request).toBeNull();
    expect(built.problems).toEqual([
      'Name is required',
      'Parameter “1x”: a name is a letter or _ followed by letters, digits or _ (at most 63)',
      'Parameter “dataset”: “dataset” is reserved for the dataset',
      'Parameter “a”: default “1.5” is not a whole number',
      'Parameter “a” is declared twice',
      '{{b}} is used in the SQL but not declared as a parameter',
    ]);
    expect(buildTemplateRequest(draft({ template: '  ' })).problems).toEqual(['The SQL template is required']);
  });

  it('reads placeholders outside comments (the server strips comments)', () => {
    expect(placeholdersOf('SELECT {{ a }} -- {{b}}\n/* {{c}} */ FROM {{dataset}} WHERE x = {{a}}')).toEqual(['a', 'dataset']);
  });

  it('fills the form from a saved template, lists one value a line', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const form = draftOf({
      id: 't',
      name: 'T',
      description: 'd',
      template: 'SELECT 1',
      parameters: [{ name: 'ids', type: 'integer', default: [1, 2] }],
      datasetId: 'ds',
      version: 2,
      ownerId: 'u',
      organizationId: 'o',
      actions: ['read'],
      createdAt: at,
      updatedAt: at,
    });
    expect(form.datasetId).toBe('ds');
    expect(form.parameters).toEqual([{ name: 'ids', type: 'integer', defaultText: '1\n2', defaultList: true, description: '' }]);
  });
});

describe('parameter values', () => {
  it('parses each type', () => {
    expect(parseScalar('number', ' 2.5 ')).toEqual({ value: 2.5 });
    expect(parseScalar('number', 'x').problem).toBe('“x” is not a number');
    expect(parseScalar('integer', '-12')).toEqual({ value: -12 });
    expect(parseScalar('integer', '1e3').problem).toBe('“1e3” is not a whole number');
    expect(parseScalar('boolean', 'Yes')).toEqual({ value: true });
    expect(parseScalar('boolean', '0')).toEqual({ value: false });
    expect(parseScalar('boolean', 'maybe').problem).toBe('“maybe” is not true or false');
    expect(parseScalar('date', '2026-02-01')).toEqual({ value: '2026-02-01' });
    expect(parseScalar('date', '1/2/2026').problem).toContain('is not a date');
    expect(parseScalar('timestamp', '2026-02-01 10:00:00')).toEqual({ value: '2026-02-01 10:00:00' });
    expect(parseScalar('string', ' keeps spaces ')).toEqual({ value: ' keeps spaces ' });
  });

  it('parses a list one value a line, every item by type', () => {
    expect(parseValue('integer', '1\n 2 \n\n3', true)).toEqual({ value: [1, 2, 3] });
    expect(parseValue('integer', '1\ntwo', true)).toEqual({ problem: '“two” is not a whole number' });
    expect(parseValue('string', 'Coffee, Tea', true)).toEqual({ value: ['Coffee, Tea'] });
  });

  it('sends what was typed, leaves empty inputs to their defaults and asks for the rest', () => {
    const parameters: TemplateParameter[] = [
      { name: 'city', type: 'string' },
      { name: 'ids', type: 'integer' },
      { name: 'limit', type: 'integer', default: 10 },
      { name: 'note', type: 'string', default: 'x' },
    ];
    const inputs = initialInputs(parameters, { ids: [1, 2] });
    expect(inputs).toEqual({ city: { text: '', list: false }, ids: { text: '1\n2', list: true }, limit: { text: '', list: false }, note: { text: '', list: false } });
    expect(buildRunParameters(parameters, inputs)).toEqual({ values: { ids: [1, 2] }, problems: ['city: enter a value (it has no default)'] });
    expect(buildRunParameters(parameters, { ...inputs, city: { text: 'Porto', list: false }, limit: { text: 'many', list: false } })).toEqual({
      values: { city: 'Porto', ids: [1, 2] },
      problems: ['limit: “many” is not a whole number'],
    });
  });

  it('puts a picked column value in: replaces one value, adds to a list once', () => {
    expect(withPicked({ text: 'a', list: false }, 'b')).toEqual({ text: 'b', list: false });
    expect(withPicked({ text: 'a\n', list: true }, 'b')).toEqual({ text: 'a\nb', list: true });
    const once = { text: 'a\nb', list: true };
    expect(withPicked(once, 'b')).toBe(once);
    expect(withPicked({ text: '', list: false }, 42)).toEqual({ text: '42', list: false });
  });
});

describe('rollup', () => {
  it('is sent only when on, and needs rows or columns', () => {
    expect(buildRollup(emptyRollup())).toEqual({ problems: [] });
    expect(buildRollup({ ...emptyRollup(), enabled: true }).problems).toEqual(['Rollup needs rows or columns']);
    expect(buildRollup({ enabled: true, rows: ' dma_name , country', columns: '', values: [{ column: 'place_id', fn: 'count' }, { column: ' ', fn: 'sum' }] })).toEqual({
      rollup: { rows: ['dma_name', 'country'], values: [{ column: 'place_id', fn: 'count' }] },
      problems: [],
    });
  });
});

describe('executions', () => {
  const execution = (id: string, change: Partial<QueryExecution> = {}) => ({ id, queryTemplateId: 't1', status: 'running', ...change }) as QueryExecution;

  it('labels every state; queued and running are the active ones', () => {
    expect(STATE_LABELS).toEqual({ queued: 'Queued', running: 'Running', success: 'Succeeded', failure: 'Failed', cancelled: 'Cancelled' });
    expect((['queued', 'running', 'success', 'failure', 'cancelled'] as const).filter(isActive)).toEqual(['queued', 'running']);
  });

  it('finds the run in flight: the newest execution of the template that was not there before', () => {
    const items = [execution('e3', { queryTemplateId: 't2' }), execution('e2'), execution('e1')];
    expect(findRunExecution(items, 't1', new Set(['e1']))?.id).toBe('e2');
    expect(findRunExecution(items, 't1', new Set(['e1', 'e2']))).toBeUndefined();
  });

  it('says how long it ran', () => {
    expect(durationText({ startedAt: null, finishedAt: null })).toBeNull();
    expect(durationText({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:00.400Z' })).toBe('0.4 s');
    expect(durationText({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:02:05.000Z' })).toBe('2 min 5 s');
    expect(durationText({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: null }, Date.parse('2026-01-01T00:00:03.000Z'))).toBe('3.0 s');
  });
});
