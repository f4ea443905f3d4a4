// Shared by the charts' unit tests: a small label map, rows of each view's schema, and typed access to an option's
// series and axes.
import {
  granularityOf,
  periodBounds,
  type AudienceInsightRow,
  type ChangeInVisitsRow,
  type CrossVisitationRow,
  type CustomerJourneyRow,
  type DaypartShareRow,
  type DwellTimeRow,
  type IndexedFootTrafficRow,
  type Labels,
  type MovementPivotRow,
} from '@atlas/domain';
import type { ChartDefinition } from '../template';
import type { EChartsOption } from './types';

export const labels: Labels = {
  GEOGRAPHY: { US: 'United States', '501': 'New York', '511': 'Washington, DC (Hagerstown, MD)' },
  PLACE_TAXONOMY: { coffee: 'Coffee', grocery: 'Grocery', a: 'Alpha', b: 'Bravo', c: 'Charlie', d: 'Delta' },
};

export interface AnySeries {
  type: string;
  name?: string;
  data: unknown[];
  stack?: string;
  markLine?: unknown;
  label?: unknown;
  [key: string]: unknown;
}

export const seriesOf = (option: EChartsOption) => (option.series ?? []) as AnySeries[];

export const chartOf = (id: string, extra: Partial<ChartDefinition> = {}): ChartDefinition => ({
  id,
  kind: 'bar',
  title: id,
  query: { templateId: id, parameters: {} },
  ...extra,
});

/** Devices behind a fixture row unless a test says otherwise: enough for no low-confidence marking. */
const DEVICES = 1000;

const GEOGRAPHY = { geography_type: 'country', geography_value: 'United States', geography_id: 'US' } as const;
const TAXONOMY = { place_taxonomy_type: 'chain', place_taxonomy_value: 'Alpha', place_taxonomy_id: 'a' } as const;
const SECONDARY = { secondary_place_taxonomy_id: 'b', secondary_place_taxonomy_value: 'Bravo' } as const;
const PERIOD = { period_type: 'monthly', period_value: '2025-01', period_epoch_ms: Date.UTC(2025, 0, 1) } as const;
const WINDOW = { ...PERIOD, end_period_value: '2025-12' } as const;

/** The display name fields the server fills from the labels, beside the id fields they name. */
const NAMES = [
  ['geography_id', 'geography_value', 'GEOGRAPHY'],
  ['place_taxonomy_id', 'place_taxonomy_value', 'PLACE_TAXONOMY'],
  ['secondary_place_taxonomy_id', 'secondary_place_taxonomy_value', 'PLACE_TAXONOMY'],
] as const;

/**
 * Rows of one schema as the server answers them: the test's fields over the defaults; where a test gives an id without
 * its display name, the name the labels give it (else the id), a geography's type from its id (US: country, else a DMA),
 * and a period's granularity and first day from its value.
 */
function rowsOfSchema<R extends object>(defaults: R): (fields?: Partial<R>) => R {
  return (fields = {}) => {
    const given = fields as Record<string, unknown>;
    const row: Record<string, unknown> = { ...defaults, ...fields };
    for (const [id, name, names] of NAMES) {
      if (typeof given[id] === 'string' && given[name] === undefined) row[name] = labels[names][given[id] as string] ?? given[id];
    }
    if (typeof given.geography_id === 'string' && given.geography_type === undefined) row.geography_type = given.geography_id === 'US' ? 'country' : 'dma';
    const granularity = typeof given.period_value === 'string' ? granularityOf(given.period_value) : null;
    if (granularity && given.period_type === undefined) row.period_type = granularity;
    if (granularity && given.period_epoch_ms === undefined) row.period_epoch_ms = periodBounds(granularity, given.period_value as string).startMs;
    return row as R;
  };
}

export const audienceRow = rowsOfSchema<AudienceInsightRow>({
  ...GEOGRAPHY, ...TAXONOMY, ...WINDOW, share_name: '18-24', norm_visit_share: null, fair_share_index: null, device_count: DEVICES,
});
export const changeRow = rowsOfSchema<ChangeInVisitsRow>({
  ...GEOGRAPHY, ...TAXONOMY, ...PERIOD, benchmark_period_value: '2024-01', benchmark_period_epoch_ms: Date.UTC(2024, 0, 1),
  normalized_visits: 0, benchmark_normalized_visits: 0, percent_change: null, device_count: DEVICES, benchmark_device_count: DEVICES,
});
export const crossRow = rowsOfSchema<CrossVisitationRow>({ ...GEOGRAPHY, ...TAXONOMY, ...SECONDARY, ...WINDOW, overlap: null, device_count: DEVICES });
export const journeyRow = rowsOfSchema<CustomerJourneyRow>({
  relationship: 'before', ...GEOGRAPHY, ...TAXONOMY, ...SECONDARY, poi_level_name: 'chain', ...WINDOW, percentage: null, normalized_visits: 0, device_count: DEVICES,
});
export const indexedRow = rowsOfSchema<IndexedFootTrafficRow>({
  ...GEOGRAPHY, ...TAXONOMY, ...PERIOD, normalized_visits: 0, raw_visits: 0, norm_visits_pct_chg_vs_first: null, device_count: DEVICES,
});
export const daypartRow = rowsOfSchema<DaypartShareRow>({ ...GEOGRAPHY, ...TAXONOMY, ...WINDOW, share_name: 'Morning', shareOfNormalizedVisits: null, device_count: DEVICES });
export const dwellRow = rowsOfSchema<DwellTimeRow>({
  ...GEOGRAPHY, ...TAXONOMY, ...WINDOW, medianDwellTimeMinutes: null, average_dwell_time_minutes: null, device_count: DEVICES,
});
/** A pivot row carries the fields of its layout's dimensions only: none by default. */
export const pivotRow = rowsOfSchema<MovementPivotRow>({ normalized_visits: 0, raw_visits: 0, device_count: DEVICES });
