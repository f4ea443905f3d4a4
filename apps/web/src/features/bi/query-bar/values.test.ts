import { describe, expect, it } from 'vitest';
import type { AnalyticSetDefinition, QueryParameter } from '@atlas/domain';
import type { InsightState } from '../template';
import { applyEntryValue, encodeValues, initialValues, visibleItems } from './values';

const parameter = (fields: Partial<QueryParameter> & Pick<QueryParameter, 'id' | 'type'>): QueryParameter => ({
  name: fields.id,
  description: '',
  defaultValue: null,
  required: false,
  maxValues: 1,
  ...fields,
});

const insightState: InsightState = {
  gridColumns: 14,
  queryBar: [
    { widget: 'DROPDOWN', parameter: '{{dma}}' },
    { widget: 'RANGE_PERIOD', parameter: '{{period}}', sets: { start: '{{startPeriod}}', end: '{{endPeriod}}' } },
    { widget: 'STICKER_SELECTOR', parameter: '{{chains}}' },
    { widget: 'DROPDOWN', parameter: '{{showTopVisitsBy}}', hidden: true },
    { widget: 'DROPDOWN', parameter: '{{focusChain}}' },
    { widget: 'PIVOT_TABLE', parameter: '{{pivotTable}}' },
  ],
  views: [],
};

const definition: AnalyticSetDefinition = {
  id: 'visitation-trends',
  title: 'Visitation Trends',
  description: '',
  queryParameters: [
    parameter({ id: 'dma', type: 'STRING', defaultValue: '501', name: 'DMA' }),
    parameter({ id: 'period', type: 'DATE_RANGE', defaultValue: { granularity: 'monthly', start: '2025-01', end: '2025-12' } }),
    parameter({ id: 'chains', type: 'MULTI_STRING', defaultValue: ['a', 'b'], maxValues: 7 }),
    parameter({ id: 'startPeriod', type: 'STRING', defaultValue: '2025-01', hidden: true }),
    parameter({ id: 'endPeriod', type: 'STRING', defaultValue: '2025-12', hidden: true }),
    parameter({ id: 'showTopVisitsBy', type: 'STRING', defaultValue: 'chain' }),
    parameter({ id: 'focusChain', type: 'STRING', defaultValue: 'a', hidden: true }),
    parameter({ id: 'pivotTable', type: 'PIVOT_TABLE', defaultValue: { rows: ['geography'], columns: ['period'] } }),
    parameter({ id: 'analysisPeriod', type: 'DATE_PERIOD_RANGE', defaultValue: { granularity: 'monthly', focus: '2025-12', benchmark: '2024-12' } }),
    parameter({ id: 'flag', type: 'BOOLEAN', defaultValue: false }),
  ],
  templateParameters: {},
  datasets: { production: [], staging: [] },
  template: { version: 'v1', config: { visState: {}, mapState: {}, mapStyle: {}, insightState: insightState as unknown as Record<string, unknown> } },
};

const defaults = {
  dma: '501',
  period: { granularity: 'monthly', start: '2025-01', end: '2025-12' },
  chains: ['a', 'b'],
  startPeriod: '2025-01',
  endPeriod: '2025-12',
  showTopVisitsBy: 'chain',
  focusChain: 'a',
  pivotTable: { rows: ['geography'], columns: ['period'] },
  analysisPeriod: { granularity: 'monthly', focus: '2025-12', benchmark: '2024-12' },
  flag: false,
};

/** Through the text of a URL, as a link carries it. */
const viaUrl = (values: Record<string, unknown>) => new URLSearchParams(`?${encodeValues(values).toString()}`);

describe('initial values', () => {
  it('are the defaults without URL parameters, and copies of them', () => {
    const values = initialValues(definition, new URLSearchParams());
    expect(values).toEqual(defaults);
    (values.chains as string[]).push('c');
    expect(definition.queryParameters[2]!.defaultValue).toEqual(['a', 'b']);
  });

  it('take URL parameters over the defaults and ignore keys that are no parameter', () => {
    const values = initialValues(definition, new URLSearchParams('dma=803&chains=%5B%22c%22%5D&templateId=visitation-trends&flag=true'));
    expect(values).toEqual({ ...defaults, dma: '803', chains: ['c'], flag: true });
  });

  it('keep the default when a URL value is not JSON', () => {
    expect(initialValues(definition, new URLSearchParams('chains=c,d')).chains).toEqual(['a', 'b']);
  });

  it('set the kept-in-step parameters from their entry, whatever the URL says of them', () => {
    const period = { granularity: 'monthly', start: '2024-03', end: '2024-09' };
    const values = initialValues(definition, new URLSearchParams({ period: JSON.stringify(period), startPeriod: '2023-01' }));
    expect(values).toMatchObject({ period, startPeriod: '2024-03', endPeriod: '2024-09' });
  });
});

describe('URL encoding', () => {
  it('writes one key per parameter: strings as written, others as JSON', () => {
    const search = encodeValues({ dma: '803', chains: ['a', 'b'], flag: true, missing: undefined });
    expect([...search.keys()]).toEqual(['dma', 'chains', 'flag']);
    expect(search.get('dma')).toBe('803');
    expect(search.get('chains')).toBe('["a","b"]');
    expect(search.get('flag')).toBe('true');
  });

  it('round-trips every kind of value through the URL text', () => {
    const values = {
      dma: '511',
      period: { granularity: 'monthly', start: '2024-02', end: '2024-11' },
      chains: ['x & y', 'ü=1', '"quoted"'],
      startPeriod: '2024-02',
      endPeriod: '2024-11',
      showTopVisitsBy: 'category',
      focusChain: '["not a list"]',
      pivotTable: { rows: ['age', 'income'], columns: [] },
      analysisPeriod: { granularity: 'quarterly', focus: '2025-Q4', benchmark: '2024-Q4' },
      flag: true,
    };
    expect(initialValues(definition, viaUrl(values))).toEqual(values);
  });
});

describe('query-bar entries', () => {
  it('show entries in order, without hidden entries or hidden parameters', () => {
    expect(visibleItems(definition, insightState).map((item) => item.parameter.id)).toEqual(['dma', 'period', 'chains', 'pivotTable']);
  });

  it('set the kept-in-step parameters from the new value', () => {
    const before = { ...defaults };
    const period = { granularity: 'monthly', start: '2023-05', end: '2023-08' };
    const next = applyEntryValue(before, insightState.queryBar[1]!, period);
    expect(next).toEqual({ ...defaults, period, startPeriod: '2023-05', endPeriod: '2023-08' });
    expect(before).toEqual(defaults);
    expect(applyEntryValue(before, insightState.queryBar[0]!, '602')).toEqual({ ...defaults, dma: '602' });
  });

  it('keep days as days: a new month range sets the kept periods to its first and last day', () => {
    const daily = { ...defaults, startPeriod: '2025-01-01', endPeriod: '2025-12-31' };
    const period = { granularity: 'monthly', start: '2024-02', end: '2024-03' };
    expect(applyEntryValue(daily, insightState.queryBar[1]!, period)).toMatchObject({ period, startPeriod: '2024-02-01', endPeriod: '2024-03-31' });
  });
});
