// Which drawing each chart of each analytic set gets: an ECharts option builder, the journey table (with its bar
// chart alternative) or the pivot table; and the row schema its view answers, which the rows are narrowed to.
import type { AnalyticRow, AnalyticSetId, CustomerJourneyRow } from '@atlas/domain';
import { audienceInsightChart } from './audience-insight';
import { changeInVisitsChart } from './change-in-visits';
import { focusChainOverlapChart, overlapHeatmapChart } from './cross-visitation';
import { customerJourneyChart } from './customer-journey';
import { indexedLinesChart } from './indexed-lines';
import { rowsOf, type RowKind, type RowKinds } from './rows';
import type { OptionBuilder } from './types';
import { daypartSharesChart, medianDwellChart } from './visitation-trends';

export type Renderer =
  /** Any view's rows, narrowed to the kind `build` reads. */
  | { type: 'echarts'; build: OptionBuilder<AnalyticRow> }
  /** The ranked tables, or the bars of `build` when switched to the chart's alternative kind (CustomerJourneyRow). */
  | { type: 'journey'; build: OptionBuilder<CustomerJourneyRow> }
  /** The pivot table (MovementPivotRow). */
  | { type: 'pivot' };

/** An ECharts chart of a view answering rows of `kind`: its builder gets them narrowed, and reads them typed. */
const echarts = <K extends RowKind>(kind: K, build: OptionBuilder<RowKinds[K]>): Renderer => ({
  type: 'echarts',
  build: (rows, ...rest) => build(rowsOf(kind, rows), ...rest),
});

/** By set, then by chart id (template.ts ChartDefinition.id). */
export const RENDERERS: Readonly<Record<AnalyticSetId, Readonly<Record<string, Renderer>>>> = {
  'audience-insight': {
    'visit-share-by-age': echarts('AudienceInsightRow', audienceInsightChart),
    'fair-share-index-by-age': echarts('AudienceInsightRow', audienceInsightChart),
    'visit-share-by-gender': echarts('AudienceInsightRow', audienceInsightChart),
    'fair-share-index-by-gender': echarts('AudienceInsightRow', audienceInsightChart),
  },
  'change-in-visits': { 'percent-change-by-geography': echarts('ChangeInVisitsRow', changeInVisitsChart) },
  'cross-visitation': {
    'overlap-heatmap': echarts('CrossVisitationRow', overlapHeatmapChart),
    'focus-chain-overlap': echarts('CrossVisitationRow', focusChainOverlapChart),
  },
  'customer-journey': { 'top-before-and-after': { type: 'journey', build: customerJourneyChart } },
  'indexed-foot-traffic': {
    'chains-in-geography': echarts('IndexedFootTrafficRow', indexedLinesChart),
    'chain-across-geographies': echarts('IndexedFootTrafficRow', indexedLinesChart),
  },
  'movement-pivot': { pivot: { type: 'pivot' } },
  'visitation-trends': {
    'indexed-foot-traffic': echarts('IndexedFootTrafficRow', indexedLinesChart),
    'visit-share-by-daypart': echarts('DaypartShareRow', daypartSharesChart),
    'median-dwell-time': echarts('DwellTimeRow', medianDwellChart),
  },
};

export function rendererOf(setId: AnalyticSetId, chartId: string): Renderer {
  const renderer = RENDERERS[setId]?.[chartId];
  if (!renderer) throw new Error(`No chart drawing for ${setId} / ${chartId}`);
  return renderer;
}
