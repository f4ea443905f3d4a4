// The views that can be queried, by analytic set and template id (a view's or subview's id, or its chart's templateId).
import {
  AudienceInsightRow,
  ChangeInVisitsRow,
  CrossVisitationRow,
  CustomerJourneyRow,
  DaypartShareRow,
  DwellTimeRow,
  IndexedFootTrafficRow,
  MovementPivotRow,
  type AnalyticSetId,
} from '@atlas/domain';
import type { TSchema } from 'typebox';
import { byAge, byGender } from './audience-insight.js';
import { percentChangeByGeography } from './change-in-visits.js';
import { focusChainOverlap, overlapHeatmap } from './cross-visitation.js';
import { customerJourney } from './customer-journey.js';
import { chainAcrossGeographies, chainsInGeography, indexedFootTrafficView } from './indexed-foot-traffic.js';
import { movementPivot } from './movement-pivot.js';
import type { ViewRunner } from './types.js';
import { indexedFootTraffic, medianDwellTime, visitShareByDaypart } from './visitation-trends.js';

/** A view: how it runs, and the schema (@atlas/domain) every row of its answer matches. */
export interface View {
  run: ViewRunner;
  row: TSchema;
}

const view = (run: ViewRunner, row: TSchema): View => ({ run, row });

export const VIEWS: Partial<Record<AnalyticSetId, Readonly<Record<string, View>>>> = {
  'audience-insight': {
    'visit-share-by-age': view(byAge, AudienceInsightRow),
    'fair-share-index-by-age': view(byAge, AudienceInsightRow),
    'visit-share-by-gender': view(byGender, AudienceInsightRow),
    'fair-share-index-by-gender': view(byGender, AudienceInsightRow),
  },
  'change-in-visits': { 'change-in-visits': view(percentChangeByGeography, ChangeInVisitsRow), 'percent-change-by-geography': view(percentChangeByGeography, ChangeInVisitsRow) },
  'cross-visitation': {
    'cross-visitation': view(overlapHeatmap, CrossVisitationRow),
    'overlap-heatmap': view(overlapHeatmap, CrossVisitationRow),
    'focus-chain-overlap': view(focusChainOverlap, CrossVisitationRow),
  },
  'customer-journey': { 'customer-journey': view(customerJourney, CustomerJourneyRow), 'top-before-and-after': view(customerJourney, CustomerJourneyRow) },
  'indexed-foot-traffic': {
    'indexed-foot-traffic': view(indexedFootTrafficView, IndexedFootTrafficRow),
    'chains-in-geography': view(chainsInGeography, IndexedFootTrafficRow),
    'chain-across-geographies': view(chainAcrossGeographies, IndexedFootTrafficRow),
  },
  'movement-pivot': { 'movement-pivot': view(movementPivot, MovementPivotRow), pivot: view(movementPivot, MovementPivotRow) },
  'visitation-trends': {
    'indexed-foot-traffic': view(indexedFootTraffic, IndexedFootTrafficRow),
    'visit-share-by-daypart': view(visitShareByDaypart, DaypartShareRow),
    'median-dwell-time': view(medianDwellTime, DwellTimeRow),
  },
};

export type { PanelRelations, RawPanelRelations, SqlRunner, ViewRunner } from './types.js';
