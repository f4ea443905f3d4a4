import { ANALYTIC_SET_IDS, AnalyticSet, templateReferences, validateDefinition, type AnalyticSetDefinition } from '@atlas/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CHAINS, DMAS } from '../generator/reference/index.js';
import { ANALYTIC_SETS, labels } from './index.js';

const parameter = (set: AnalyticSetDefinition, id: string) => {
  const found = set.queryParameters.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`${set.id} has no parameter ${id}`);
  return found;
};
const summary = (set: AnalyticSetDefinition) =>
  set.queryParameters.map(({ id, type, required, maxValues, hidden }) => [id, type, required, maxValues, hidden ?? false]);

describe('analytic sets', () => {
  it('are the seven of the spec, keyed by their own id', () => {
    expect(Object.keys(ANALYTIC_SETS)).toEqual([...ANALYTIC_SET_IDS]);
    for (const [id, set] of Object.entries(ANALYTIC_SETS)) expect(set.id).toBe(id);
    expect(Object.values(ANALYTIC_SETS).map((set) => set.title)).toEqual([
      'Audience Insight', 'Change in Visits', 'Cross-Visitation', 'Customer Journey', 'Indexed Foot Traffic', 'Movement Pivot', 'Visitation Trends',
    ]);
  });

  it.each(Object.values(ANALYTIC_SETS))('$id matches the AnalyticSet schema and references only listed parameters', (set) => {
    expect([...Value.Errors(AnalyticSet, set)]).toEqual([]);
    expect(() => validateDefinition(set)).not.toThrow();
    // Every parameter is bound in the template somewhere (query bar or a chart), so none is dead.
    expect([...templateReferences(set.template)].sort()).toEqual(set.queryParameters.map((p) => p.id).sort());
    expect(set.template.version).toBe('v1');
  });

  it('uses the grid columns of §9', () => {
    const columns = Object.fromEntries(Object.values(ANALYTIC_SETS).map((set) => [set.id, set.template.config.insightState.gridColumns]));
    expect(columns).toEqual({
      'audience-insight': 14, 'change-in-visits': 1, 'cross-visitation': 6, 'customer-journey': 1,
      'indexed-foot-traffic': 1, 'movement-pivot': 1, 'visitation-trends': 14,
    });
  });

  it('has the query bars of §2 with the limits and required flags of §5', () => {
    expect(summary(ANALYTIC_SETS['audience-insight'])).toEqual([
      ['dma', 'STRING', true, 1, false], ['period', 'DATE_RANGE', true, 1, false], ['chains', 'MULTI_STRING', true, 7, false],
    ]);
    expect(summary(ANALYTIC_SETS['change-in-visits'])).toEqual([
      ['geographies', 'MULTI_STRING', true, 7, false], ['taxonomies', 'MULTI_STRING', true, 7, false], ['analysisPeriod', 'DATE_PERIOD_RANGE', true, 1, false],
    ]);
    expect(summary(ANALYTIC_SETS['cross-visitation'])).toEqual([
      ['chains', 'MULTI_STRING', true, 7, false], ['geography', 'STRING', true, 1, false], ['analysisPeriod', 'DATE_RANGE', true, 1, false], ['focusChain', 'STRING', false, 1, true],
    ]);
    expect(summary(ANALYTIC_SETS['customer-journey'])).toEqual([
      ['showTopVisitsBy', 'STRING', false, 1, true], ['primary', 'STRING', true, 1, false], ['geography', 'STRING', true, 1, false], ['analysisPeriod', 'DATE_RANGE', true, 1, false],
    ]);
    expect(summary(ANALYTIC_SETS['indexed-foot-traffic'])).toEqual([
      ['analysisPeriod', 'DATE_RANGE', true, 1, false], ['chains', 'MULTI_STRING', true, 7, false], ['geography', 'STRING', true, 1, false],
      ['chain', 'STRING', true, 1, false], ['geographies', 'MULTI_STRING', true, 7, false],
    ]);
    expect(summary(ANALYTIC_SETS['movement-pivot'])).toEqual([
      ['age', 'MULTI_STRING', false, 6, false], ['gender', 'MULTI_STRING', false, 2, false], ['geography', 'MULTI_STRING', true, 7, false],
      ['income', 'MULTI_STRING', false, 4, false], ['period', 'DATE_RANGE', true, 1, false], ['pivotTable', 'PIVOT_TABLE', true, 7, false],
      ['taxonomies', 'MULTI_STRING', true, 7, false],
    ]);
    expect(summary(ANALYTIC_SETS['visitation-trends'])).toEqual([
      ['dma', 'STRING', true, 1, false], ['period', 'DATE_RANGE', true, 1, false], ['chains', 'MULTI_STRING', true, 7, false],
      ['startPeriod', 'STRING', false, 1, true], ['endPeriod', 'STRING', false, 1, true],
    ]);
  });

  it('draws groups, values and labels from the reference data', () => {
    const geography = parameter(ANALYTIC_SETS['change-in-visits'], 'geographies');
    expect(geography.labelType).toBe('GEOGRAPHY');
    expect(geography.dropdownGroups?.map((group) => [group.id, group.values.length])).toEqual([['country', 1], ['dma', DMAS.length]]);
    expect(geography.labelValueMap?.US).toBe('United States');
    expect(geography.labelValueMap?.['501']).toBe('New York');
    const taxonomy = parameter(ANALYTIC_SETS['change-in-visits'], 'taxonomies');
    expect(taxonomy.labelType).toBe('PLACE_TAXONOMY');
    expect(taxonomy.dropdownGroups?.map((group) => [group.id, group.values.length])).toEqual([['category', CATEGORIES.length], ['chain', CHAINS.length]]);
    expect(taxonomy.labelValueMap?.['copperkettle-coffee']).toBe('Copperkettle Coffee');
    expect(taxonomy.labelValueMap?.['coffee-shops']).toBe('Coffee Shops');
    // DMA selectors offer DMAs only, not the country.
    expect(parameter(ANALYTIC_SETS['audience-insight'], 'dma').availableValues).toEqual(DMAS.map((dma) => dma.id));
    expect(parameter(ANALYTIC_SETS['audience-insight'], 'chains').availableValues).toEqual(CHAINS.map((chain) => chain.id));
  });

  it('bounds periods by the panel span 2023-01-01..2025-12-31', () => {
    const period = parameter(ANALYTIC_SETS['change-in-visits'], 'analysisPeriod');
    expect([period.startDate, period.endDate, period.startQuarter, period.endQuarter]).toEqual(['2023-01-01', '2025-12-31', '2023-Q1', '2025-Q4']);
    expect(period.periodRanges).toEqual([
      { granularity: 'monthly', start: '2023-01', end: '2025-12' },
      { granularity: 'quarterly', start: '2023-Q1', end: '2025-Q4' },
    ]);
    expect(parameter(ANALYTIC_SETS['indexed-foot-traffic'], 'analysisPeriod').periodRanges).toEqual([
      { granularity: 'daily', start: '2023-01-01', end: '2025-12-31' },
      { granularity: 'monthly', start: '2023-01', end: '2025-12' },
    ]);
    expect(parameter(ANALYTIC_SETS['audience-insight'], 'period').periodRanges).toEqual([{ granularity: 'monthly', start: '2023-01', end: '2025-12' }]);
  });

  it('has the views of §2, the hidden focus chain and canExport false on the pivot only', () => {
    const views = (id: keyof typeof ANALYTIC_SETS) => ANALYTIC_SETS[id].template.config.insightState.views as Array<{ charts?: Array<{ title: string; kind: string }>; subviews?: Array<{ title: string }> }>;
    expect(views('audience-insight')[0]!.charts!.map((c) => c.title)).toEqual(['Visit Share by Age', 'Fair Share Index by Age', 'Visit Share by Gender', 'Fair Share Index by Gender']);
    expect(views('visitation-trends')[0]!.subviews!.map((s) => s.title)).toEqual(['Indexed Foot Traffic', 'Visit Share by Daypart', 'Median Dwell Time']);
    expect(views('cross-visitation')[0]!.charts!.map((c) => c.kind)).toEqual(['heatmap', 'bar']);
    expect(views('indexed-foot-traffic')[0]!.charts!.map((c) => c.kind)).toEqual(['line', 'line']);
    expect(views('movement-pivot')[0]!.charts!.map((c) => c.kind)).toEqual(['pivot-table']);
    expect(ANALYTIC_SETS['movement-pivot'].templateParameters).toEqual({ canExport: false, minDevices: 30, lowConfidence: 'mark' });
    // Every set carries the sample-size settings (issue 21), 30 devices and marking by default.
    for (const set of Object.values(ANALYTIC_SETS)) if (set.id !== 'movement-pivot') expect(set.templateParameters).toEqual({ minDevices: 30, lowConfidence: 'mark' });
    const bar = ANALYTIC_SETS['change-in-visits'].template.config.insightState.queryBar as Array<Record<string, unknown>>;
    expect(bar).toEqual([
      { widget: 'DROPDOWN_GROUP', parameter: '{{geographies}}' },
      { widget: 'DROPDOWN_GROUP', parameter: '{{taxonomies}}' },
      { widget: 'RANGE_PERIOD', parameter: '{{analysisPeriod}}', labels: { focus: 'Focus', benchmark: 'Benchmark' }, separator: 'vs' },
    ]);
  });

  it('throws the spec message for a template parameter that is not listed', () => {
    const base = ANALYTIC_SETS['change-in-visits'];
    const broken: AnalyticSetDefinition = {
      ...base,
      template: { ...base.template, config: { ...base.template.config, insightState: { views: [{ charts: [{ query: { parameters: { x: 'a {{ missingParam }} b' } } }] }] } } },
    };
    expect(() => validateDefinition(broken)).toThrow(new Error('Parameter missingParam is not listed in queryParameters'));
    const listedOnly = { ...base, queryParameters: base.queryParameters.filter((p) => p.id !== 'geographies') };
    expect(() => validateDefinition(listedOnly)).toThrow(new Error('Parameter geographies is not listed in queryParameters'));
  });

  it('labels() maps US, DMAs, categories and chains to names', () => {
    const maps = labels();
    expect(Object.keys(maps)).toEqual(['GEOGRAPHY', 'PLACE_TAXONOMY']);
    expect(Object.keys(maps.GEOGRAPHY)).toHaveLength(DMAS.length + 1);
    expect(maps.GEOGRAPHY.US).toBe('United States');
    expect(maps.GEOGRAPHY['803']).toBe('Los Angeles');
    expect(Object.keys(maps.PLACE_TAXONOMY)).toHaveLength(CATEGORIES.length + CHAINS.length);
    expect(maps.PLACE_TAXONOMY['grocery-stores']).toBe('Grocery Stores');
  });

  it('builds the label maps once (every answer row reads them) and keeps them from being changed', () => {
    expect(labels().GEOGRAPHY).toBe(labels().GEOGRAPHY);
    expect(labels().PLACE_TAXONOMY).toBe(labels().PLACE_TAXONOMY);
    expect(() => Object.assign(labels().GEOGRAPHY, { US: 'changed' })).toThrow(TypeError);
  });
});
