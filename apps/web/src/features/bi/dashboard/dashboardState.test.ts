import { describe, expect, it } from 'vitest';
import type { AnalyticSetDefinition, QueryParameter } from '@atlas/domain';
import type { ChartDefinition } from '../template';
import {
  dashboardValues,
  defaultDashboardName,
  keepColumnSelections,
  newDashboardTarget,
  readDashboardState,
  searchWithValues,
} from './dashboardState';

const parameter = (id: string, type: QueryParameter['type'], defaultValue: unknown, extra: Partial<QueryParameter> = {}): QueryParameter => ({
  id,
  type,
  name: id,
  description: '',
  defaultValue,
  required: true,
  maxValues: type === 'MULTI_STRING' ? 7 : 1,
  ...extra,
});

const definition = {
  id: 'cross-visitation',
  title: 'Cross-Visitation',
  description: '',
  queryParameters: [
    parameter('chains', 'MULTI_STRING', ['a', 'b'], { availableValues: ['a', 'b', 'c'] }),
    parameter('geography', 'STRING', 'US', { availableValues: ['US', '501'] }),
    parameter('focusChain', 'STRING', 'a', { availableValues: ['a', 'b', 'c'], required: false, hidden: true }),
  ],
  templateParameters: {},
  datasets: { production: [], staging: [] },
  template: { version: 'v1', config: { visState: {}, mapState: {}, mapStyle: {}, insightState: {} } },
} satisfies AnalyticSetDefinition;

describe('newDashboardTarget', () => {
  it('opens an analytic set by id and the gallery for none, the report template or an unknown id', () => {
    expect(newDashboardTarget('movement-pivot')).toEqual({ kind: 'set', setId: 'movement-pivot' });
    expect(newDashboardTarget(null)).toEqual({ kind: 'gallery' });
    expect(newDashboardTarget('')).toEqual({ kind: 'gallery' });
    expect(newDashboardTarget('report')).toEqual({ kind: 'gallery' });
    expect(newDashboardTarget('nope')).toEqual({ kind: 'gallery', unknownTemplateId: 'nope' });
  });
});

describe('readDashboardState', () => {
  const state = (data: Record<string, unknown>) => ({
    latestState: { id: 's', data, ownerId: 'o', createdAt: '', updatedAt: '', insightId: 'i' },
  });

  it('reads {templateId, values} of the latest state', () => {
    expect(readDashboardState(state({ templateId: 'audience-insight', values: { dma: '501' } }))).toEqual({
      templateId: 'audience-insight',
      values: { dma: '501' },
    });
    expect(readDashboardState(state({ templateId: 'audience-insight' }))).toEqual({ templateId: 'audience-insight', values: {} });
  });

  it('answers null without a state or an analytic-set template', () => {
    expect(readDashboardState({ latestState: null })).toBeNull();
    expect(readDashboardState(state({ templateId: 'report', values: {} }))).toBeNull();
  });
});

describe('dashboardValues', () => {
  it('starts from the defaults', () => {
    expect(dashboardValues(definition, new URLSearchParams())).toEqual({ chains: ['a', 'b'], geography: 'US', focusChain: 'a' });
  });

  it('lets saved values override the defaults and the URL override both', () => {
    const saved = { chains: ['c'], geography: '501', gone: 'x' };
    expect(dashboardValues(definition, new URLSearchParams(), saved)).toEqual({ chains: ['c'], geography: '501', focusChain: 'a' });
    const url = new URLSearchParams({ geography: 'US', view: 'cross-visitation', templateId: 'cross-visitation' });
    expect(dashboardValues(definition, url, saved)).toEqual({ chains: ['c'], geography: 'US', focusChain: 'a' });
  });

  it('reads back what searchWithValues wrote, keeping the other keys first', () => {
    const values = { chains: ['b', 'c'], geography: '501', focusChain: 'c' };
    const search = searchWithValues(definition, new URLSearchParams({ templateId: 'cross-visitation', chains: '["a"]', view: 'x' }), values);
    expect([...search.keys()].slice(0, 2)).toEqual(['templateId', 'view']);
    expect(search.getAll('chains')).toHaveLength(1);
    expect(dashboardValues(definition, search)).toEqual(values);
  });
});

describe('defaultDashboardName', () => {
  it('is the title and the day', () => {
    expect(defaultDashboardName('Audience Insight', new Date(2025, 10, 3))).toBe('Audience Insight · 3 Nov 2025');
  });
});

describe('keepColumnSelections', () => {
  const heatmap: ChartDefinition = {
    id: 'heat',
    kind: 'heatmap',
    title: 'Heat',
    query: { templateId: 'heat', parameters: { chains: '{{chains}}', geography: '{{geography}}' } },
    onColumnSelect: { set: '{{focusChain}}' },
  };
  const bars: ChartDefinition = { id: 'bars', kind: 'bar', title: 'Bars', query: { templateId: 'bars', parameters: { chains: '{{chains}}' } } };

  it('keeps a selection that is still a column', () => {
    const values = { chains: ['a', 'b'], geography: 'US', focusChain: 'b' };
    expect(keepColumnSelections([heatmap, bars], values)).toBe(values);
  });

  it('moves a selection whose column was removed to the first column', () => {
    expect(keepColumnSelections([heatmap, bars], { chains: ['c', 'b'], geography: 'US', focusChain: 'a' })).toEqual({
      chains: ['c', 'b'],
      geography: 'US',
      focusChain: 'c',
    });
  });

  it('leaves values alone without columns or without a column-selecting chart', () => {
    const empty = { chains: [], geography: 'US', focusChain: 'a' };
    expect(keepColumnSelections([heatmap], empty)).toBe(empty);
    const values = { chains: ['c'], focusChain: 'a' };
    expect(keepColumnSelections([bars], values)).toBe(values);
  });
});
