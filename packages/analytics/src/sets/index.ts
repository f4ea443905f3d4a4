// The seven built-in analytic sets (bi-and-admin.md §2, §3), their validators and the label maps.
import { validateDefinition, type AnalyticSetDefinition, type AnalyticSetId, type Labels } from '@atlas/domain';
import { audienceInsight } from './audience-insight.js';
import { changeInVisits } from './change-in-visits.js';
import { crossVisitation } from './cross-visitation.js';
import { customerJourney } from './customer-journey.js';
import { indexedFootTraffic } from './indexed-foot-traffic.js';
import { movementPivot } from './movement-pivot.js';
import { labelMaps } from './parameters.js';
import { visitationTrends } from './visitation-trends.js';

export const ANALYTIC_SETS: Readonly<Record<AnalyticSetId, AnalyticSetDefinition>> = {
  'audience-insight': audienceInsight,
  'change-in-visits': changeInVisits,
  'cross-visitation': crossVisitation,
  'customer-journey': customerJourney,
  'indexed-foot-traffic': indexedFootTraffic,
  'movement-pivot': movementPivot,
  'visitation-trends': visitationTrends,
};

// A definition referring to an unlisted parameter is a programming error: fail at import, not at request time.
for (const definition of Object.values(ANALYTIC_SETS)) validateDefinition(definition);

/** Geography (US and DMAs) and place-taxonomy (categories and chains) labels, id → name. */
export const labels = (): Labels => labelMaps();

export { PIVOT_DIMENSIONS } from './movement-pivot.js';
export { COUNTRY, PANEL_TABLE_NAMES } from './parameters.js';
