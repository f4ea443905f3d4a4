// The rows a chart reads, typed. Every view answers rows of one schema of @atlas/domain (analytics-rows.ts; the
// server's views/index.ts pairs them and its views-rows.test.ts checks every answer): a chart's renderer names that
// schema, the rows are narrowed to it once (rowsOf), and the chart reads their fields as properties, type-checked.
// Numbers arrive as JSON numbers (the schemas say so), so nothing is coerced.
import {
  AudienceInsightRow,
  ChangeInVisitsRow,
  CrossVisitationRow,
  CustomerJourneyRow,
  DaypartShareRow,
  DwellTimeRow,
  IndexedFootTrafficRow,
  MovementPivotRow,
  type AnalyticRow,
} from '@atlas/domain';

/** The row schemas, by name, and the rows each describes. */
export interface RowKinds {
  AudienceInsightRow: AudienceInsightRow;
  ChangeInVisitsRow: ChangeInVisitsRow;
  CrossVisitationRow: CrossVisitationRow;
  CustomerJourneyRow: CustomerJourneyRow;
  IndexedFootTrafficRow: IndexedFootTrafficRow;
  DaypartShareRow: DaypartShareRow;
  DwellTimeRow: DwellTimeRow;
  MovementPivotRow: MovementPivotRow;
}
export type RowKind = keyof RowKinds;

/** What narrowing reads of each schema: the fields every row of it carries. */
const SCHEMAS: { readonly [K in RowKind]: { readonly required?: readonly string[] } } = {
  AudienceInsightRow,
  ChangeInVisitsRow,
  CrossVisitationRow,
  CustomerJourneyRow,
  IndexedFootTrafficRow,
  DaypartShareRow,
  DwellTimeRow,
  MovementPivotRow,
};

/** A field some kind of row carries. */
type AnyRowField = AnalyticRow extends infer R ? (R extends unknown ? keyof R : never) : never;

/** The figures rows carry: what `hide` empties (null) in a thin row (confidence.ts), its identifying fields and counts kept. */
export const FIGURE_FIELDS = [
  'percent_change', 'normalized_visits', 'benchmark_normalized_visits', 'raw_visits', 'overlap', 'percentage', 'norm_visit_share', 'fair_share_index',
  'shareOfNormalizedVisits', 'medianDwellTimeMinutes', 'average_dwell_time_minutes', 'norm_visits_pct_chg_vs_first',
] as const satisfies readonly AnyRowField[];
type FigureField = (typeof FIGURE_FIELDS)[number];

/** A row as a chart draws it: any figure may be null, hidden because it rests on too few devices. */
export type Drawn<R> = { [K in keyof R]: K extends FigureField ? R[K] | null : R[K] };
/** Any view's row as a chart draws it. */
export type DrawnRow = Drawn<AnalyticRow>;

/**
 * The rows of a view as the rows of its schema. A row lacking a field the schema requires means the answer is not
 * this view's (a server and web app out of step): an error, rather than a chart of blanks.
 */
export function rowsOf<K extends RowKind>(kind: K, rows: readonly DrawnRow[]): readonly Drawn<RowKinds[K]>[] {
  const required = SCHEMAS[kind].required ?? [];
  for (const row of rows) {
    const missing = required.find((field) => !(field in row));
    if (missing !== undefined) throw new Error(`The chart reads ${kind} rows, but a row of the answer has no ${missing}`);
  }
  return rows as readonly DrawnRow[] as readonly Drawn<RowKinds[K]>[];
}
