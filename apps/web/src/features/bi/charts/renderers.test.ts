import { ANALYTIC_SET_IDS } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
// The set definitions themselves (not the package entry, whose generator needs Node): the charts the server offers.
import { ANALYTIC_SETS } from '../../../../../../packages/analytics/src/sets/index.js';
import type { InsightState, ViewDefinition } from '../template';
import { rendererOf, RENDERERS } from './renderers';

const chartsOf = (views: ViewDefinition[]): ViewDefinition['charts'] & object => views.flatMap((view) => [...(view.charts ?? []), ...chartsOf(view.subviews ?? [])]);

describe('RENDERERS', () => {
  it('draws every chart of every analytic set template, and nothing else', () => {
    for (const setId of ANALYTIC_SET_IDS) {
      const state = ANALYTIC_SETS[setId].template.config.insightState as unknown as InsightState;
      const charts = chartsOf(state.views);
      expect(Object.keys(RENDERERS[setId]).sort(), setId).toEqual([...new Set(charts.map((chart) => chart.id))].sort());
      for (const chart of charts) {
        const renderer = rendererOf(setId, chart.id);
        const expected = chart.kind === 'pivot-table' ? 'pivot' : chart.kind === 'table' ? 'journey' : 'echarts';
        expect(renderer.type, `${setId} / ${chart.id}`).toBe(expected);
      }
    }
  });

  it('refuses an unknown chart', () => {
    expect(() => rendererOf('movement-pivot', 'nope')).toThrow('No chart drawing for movement-pivot / nope');
  });
});
