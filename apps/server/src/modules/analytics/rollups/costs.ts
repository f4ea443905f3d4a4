// Relative cost of building each rollup: the weights of the build's progress, so that its share done and time left
// follow the work rather than the count of stages (journeyVisitors and journeys are half of a build). Seconds measured
// at 100 M visits on the bench machine (issue 22, bench/results/analytics-2026-11-28.md; visitorFirsts from its
// visitorMasks apart). Only the estimate depends on them, never the counts.
import type { RollupName } from './definitions.js';

export const ROLLUP_COST: Record<RollupName, number> = {
  daily: 9.5,
  monthly: 6.6,
  monthlyCells: 12.4,
  monthlyDayparts: 10.7,
  monthlyDwell: 36.7,
  chainVisitors: 135,
  chainRanks: 0.1,
  crossVisitors: 126,
  journeys: 285,
  dayVisitors: 78,
  journeyVisitors: 464,
  visitorMasks: 38,
  visitorFirsts: 19,
  journeyMasks: 40,
  dayDevices: 142,
};
