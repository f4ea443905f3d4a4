// The views that can be queried, by analytic set and template id (a view's or subview's id, or its chart's templateId).
import type { AnalyticSetId } from '@atlas/domain';
import { byAge, byGender } from './audience-insight.js';
import { percentChangeByGeography } from './change-in-visits.js';
import { focusChainOverlap, overlapHeatmap } from './cross-visitation.js';
import { customerJourney } from './customer-journey.js';
import { chainAcrossGeographies, chainsInGeography, indexedFootTrafficView } from './indexed-foot-traffic.js';
import { movementPivot } from './movement-pivot.js';
import type { ViewRunner } from './types.js';
import { indexedFootTraffic, medianDwellTime, visitShareByDaypart } from './visitation-trends.js';

export const VIEWS: Partial<Record<AnalyticSetId, Readonly<Record<string, ViewRunner>>>> = {
  'audience-insight': { 'visit-share-by-age': byAge, 'fair-share-index-by-age': byAge, 'visit-share-by-gender': byGender, 'fair-share-index-by-gender': byGender },
  'change-in-visits': { 'change-in-visits': percentChangeByGeography, 'percent-change-by-geography': percentChangeByGeography },
  'cross-visitation': { 'cross-visitation': overlapHeatmap, 'overlap-heatmap': overlapHeatmap, 'focus-chain-overlap': focusChainOverlap },
  'customer-journey': { 'customer-journey': customerJourney, 'top-before-and-after': customerJourney },
  'indexed-foot-traffic': { 'indexed-foot-traffic': indexedFootTrafficView, 'chains-in-geography': chainsInGeography, 'chain-across-geographies': chainAcrossGeographies },
  'movement-pivot': { 'movement-pivot': movementPivot, pivot: movementPivot },
  'visitation-trends': {
    'indexed-foot-traffic': indexedFootTraffic,
    'visit-share-by-daypart': visitShareByDaypart,
    'median-dwell-time': medianDwellTime,
  },
};

export type { PanelRelations, RawPanelRelations, SqlRunner, ViewRunner } from './types.js';
