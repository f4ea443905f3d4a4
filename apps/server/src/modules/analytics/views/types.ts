import type { AnalyticRow } from '@atlas/domain';
import type { Engine } from '../../../engine/types.js';

/** Trusted relations of the organization's panel tables (embedded engine paths or warehouse table names). */
export interface RawPanelRelations {
  visits: string;
  places: string;
  panel: string;
  population: string;
}

/** The raw tables and the rollups computed from them (rollups/definitions.ts), as trusted relations. */
export interface PanelRelations extends RawPanelRelations {
  daily: string;
  monthly: string;
  monthlyCells: string;
  monthlyDayparts: string;
  monthlyDwell: string;
  chainVisitors: string;
  chainRanks: string;
  crossVisitors: string;
  journeys: string;
  dayVisitors: string;
  journeyVisitors: string;
  visitorMasks: string;
  visitorFirsts: string;
  journeyMasks: string;
  dayDevices: string;
}

/**
 * Where view SQL runs: the embedded DuckDB engine or a PostgreSQL warehouse. View SQL is written once in the subset
 * both dialects share (docs/analytics.md "Portable SQL"); rows come back JSON-safe either way.
 */
export type SqlRunner = Pick<Engine, 'queryRows'>;

/**
 * One view of an analytic set: validated parameter values (defaults filled in) → result rows with §3 field names, each
 * of the view's row schema (views/index.ts).
 * `given` is the request's own values, for views that tell an absent parameter from its default.
 */
export type ViewRunner = (
  sql: SqlRunner,
  panel: PanelRelations,
  values: Record<string, unknown>,
  given: Record<string, unknown>,
) => Promise<AnalyticRow[]>;
