// Relative cost of building each rollup: the weights of the build's progress, so that its share done and time left
// follow the work rather than the count of stages (crossVisitors and journeyVisitors take the longest). Seconds measured
// at 100 M visits on the bench machine (issue 22, bench/results/analytics-2026-11-29-rollups.md). Only the estimate
// depends on them, never the counts.
import type { RollupName } from './definitions.js';

export const ROLLUP_COST: Record<RollupName, number> = {
  daily: 6.5,
  monthly: 6.3,
  monthlyCells: 13.4,
  monthlyDayparts: 7.8,
  monthlyDwell: 31.8,
  chainVisitors: 55.5,
  chainRanks: 0.3,
  crossVisitors: 181,
  journeys: 101,
  dayVisitors: 98,
  journeyVisitors: 178,
  visitorMasks: 74,
  visitorFirsts: 20.6,
  journeyMasks: 73.6,
  dayDevices: 65.8,
};
