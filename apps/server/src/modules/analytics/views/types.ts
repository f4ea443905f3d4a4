import type { Engine } from '../../../engine/types.js';

/** Trusted engine relations of the organization's panel tables. */
export interface PanelRelations {
  visits: string;
  places: string;
  panel: string;
  population: string;
}

/**
 * One view of an analytic set: validated parameter values (defaults filled in) → result rows with §3 field names.
 * `given` is the request's own values, for views that tell an absent parameter from its default.
 */
export type ViewRunner = (
  engine: Engine,
  panel: PanelRelations,
  values: Record<string, unknown>,
  given: Record<string, unknown>,
) => Promise<Record<string, unknown>[]>;
