import type { AnalyticSetDefinition, QueryParameter } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import type { ChartDefinition, InsightState } from '../template';
import { fieldGroups, groupTitle } from './groups';
import { visibleItems } from './values';

const parameter = (id: string): QueryParameter => ({ id, name: id, type: 'STRING', description: '', defaultValue: null, required: false, maxValues: 1 });
const chart = (id: string, title: string, parameters: string[]): ChartDefinition => ({
  id,
  kind: 'line',
  title,
  query: { templateId: id, parameters: Object.fromEntries(parameters.map((p) => [p, `{{${p}}}`])) },
});

/** A bar and its charts, as the set definitions write them. */
function groupsOf(ids: string[], charts: ChartDefinition[]) {
  const state: InsightState = { gridColumns: 1, queryBar: ids.map((id) => ({ widget: 'DROPDOWN', parameter: `{{${id}}}` })), views: [{ id: 'v', title: 'V', charts }] };
  const definition = { queryParameters: ids.map(parameter) } as AnalyticSetDefinition;
  return fieldGroups(visibleItems(definition, state), state).map((group) => [groupTitle(group), group.items.map((item) => item.parameter.id)]);
}

describe('fieldGroups', () => {
  it('names the chart each Indexed Foot Traffic filter drives, shared filters first', () => {
    const charts = [
      chart('chains-in-geography', 'Chains within one geography', ['analysisPeriod', 'chains', 'geography']),
      chart('chain-across-geographies', 'One chain across geographies', ['analysisPeriod', 'chain', 'geographies']),
    ];
    expect(groupsOf(['analysisPeriod', 'chains', 'geography', 'chain', 'geographies'], charts)).toEqual([
      ['every chart', ['analysisPeriod']],
      ['Chains within one geography', ['chains', 'geography']],
      ['One chain across geographies', ['chain', 'geographies']],
    ]);
  });

  it('keeps one group when every filter drives every chart', () => {
    const charts = [chart('a', 'A', ['dma', 'period']), chart('b', 'B', ['dma', 'period'])];
    expect(groupsOf(['dma', 'period'], charts)).toEqual([['every chart', ['dma', 'period']]]);
  });
});
