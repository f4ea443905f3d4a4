// The views that can be queried, by analytic set and template id (a view's or subview's id, or its chart's templateId).
import type { AnalyticSetId } from '@atlas/domain';
import { percentChangeByGeography } from './change-in-visits.js';
import type { ViewRunner } from './types.js';
import { indexedFootTraffic, medianDwellTime, visitShareByDaypart } from './visitation-trends.js';

export const VIEWS: Partial<Record<AnalyticSetId, Readonly<Record<string, ViewRunner>>>> = {
  'change-in-visits': { 'change-in-visits': percentChangeByGeography, 'percent-change-by-geography': percentChangeByGeography },
  'visitation-trends': {
    'indexed-foot-traffic': indexedFootTraffic,
    'visit-share-by-daypart': visitShareByDaypart,
    'median-dwell-time': medianDwellTime,
  },
};

export type { PanelRelations, ViewRunner } from './types.js';
