// Which drawing each chart of each analytic set gets: an ECharts option builder, the journey table (with its bar
// chart alternative) or the pivot table.
import type { AnalyticSetId } from '@atlas/domain';
import { audienceInsightChart } from './audience-insight';
import { changeInVisitsChart } from './change-in-visits';
import { focusChainOverlapChart, overlapHeatmapChart } from './cross-visitation';
import { customerJourneyChart } from './customer-journey';
import { indexedLinesChart } from './indexed-lines';
import type { OptionBuilder } from './types';
import { daypartSharesChart, medianDwellChart } from './visitation-trends';

export type Renderer =
  | { type: 'echarts'; build: OptionBuilder }
  /** The ranked tables, or the bars of `build` when switched to the chart's alternative kind. */
  | { type: 'journey'; build: OptionBuilder }
  | { type: 'pivot' };

const echarts = (build: OptionBuilder): Renderer => ({ type: 'echarts', build });

/** By set, then by chart id (template.ts ChartDefinition.id). */
export const RENDERERS: Readonly<Record<AnalyticSetId, Readonly<Record<string, Renderer>>>> = {
  'audience-insight': {
    'visit-share-by-age': echarts(audienceInsightChart),
    'fair-share-index-by-age': echarts(audienceInsightChart),
    'visit-share-by-gender': echarts(audienceInsightChart),
    'fair-share-index-by-gender': echarts(audienceInsightChart),
  },
  'change-in-visits': { 'percent-change-by-geography': echarts(changeInVisitsChart) },
  'cross-visitation': { 'overlap-heatmap': echarts(overlapHeatmapChart), 'focus-chain-overlap': echarts(focusChainOverlapChart) },
  'customer-journey': { 'top-before-and-after': { type: 'journey', build: customerJourneyChart } },
  'indexed-foot-traffic': { 'chains-in-geography': echarts(indexedLinesChart), 'chain-across-geographies': echarts(indexedLinesChart) },
  'movement-pivot': { pivot: { type: 'pivot' } },
  'visitation-trends': {
    'indexed-foot-traffic': echarts(indexedLinesChart),
    'visit-share-by-daypart': echarts(daypartSharesChart),
    'median-dwell-time': echarts(medianDwellChart),
  },
};

export function rendererOf(setId: AnalyticSetId, chartId: string): Renderer {
  const renderer = RENDERERS[setId]?.[chartId];
  if (!renderer) throw new Error(`No chart drawing for ${setId} / ${chartId}`);
  return renderer;
}
