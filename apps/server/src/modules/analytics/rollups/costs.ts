// Relative cost of building each rollup: the weights of the build's progress, so that its share done and time left
// follow the work rather than the count of stages (journeys alone is more than half of a build). Seconds measured at
// 100 M visits on the bench machine (issue 22, bench/results/analytics-2026-11-23.md); the rollups added since are
// weighed as a typical middle one until measured. Only the estimate depends on them, never the counts.
import type { RollupName } from './definitions.js';

const TYPICAL = 10;

export const ROLLUP_COST: Record<RollupName, number> = {
  daily: 8,
  monthly: 8,
  monthlyCells: 13,
  monthlyDayparts: 9,
  monthlyDwell: 22,
  chainVisitors: 81,
  chainRanks: 0.1,
  crossVisitors: 141,
  journeys: 383,
  dayVisitors: TYPICAL,
  journeyVisitors: TYPICAL,
  visitorMasks: TYPICAL,
  journeyMasks: TYPICAL,
  dayDevices: TYPICAL,
};
