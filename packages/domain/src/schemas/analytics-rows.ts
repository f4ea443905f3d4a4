// The rows each analytic-set view answers (bi-and-admin.md §3 field names, foot-traffic.md definitions): one schema per
// kind of answer, so the query route documents them, the HTTP tests check them and the web app reads typed rows.
// Every row carries the fields that identify it: its geography, its place taxonomy, its period and, for a share, the
// share's name. A row covering a window of several periods names the first as its period and the last beside it.
import { Type, type Static } from 'typebox';
import { AGE_ORDER, DAYPARTS, GENDERS, INCOME_ORDER } from '../enums.js';
import { Nullable, StringEnum } from '../schema-helpers.js';
import { PERIOD_GRANULARITIES } from './analytics.js';

export const GEOGRAPHY_TYPES = ['country', 'dma'] as const;
export const PLACE_TAXONOMY_TYPES = ['chain', 'category'] as const;

/** A figure that is null when its denominator is 0 (foot-traffic.md "General"). */
const Figure = (description: string) => Nullable(Type.Number({ description }));

export const GeographyFields = {
  geography_type: StringEnum(GEOGRAPHY_TYPES),
  geography_value: Type.String({ description: 'Display name' }),
  geography_id: Type.String({ description: 'DMA id or country code' }),
};

export const PlaceTaxonomyFields = {
  place_taxonomy_type: StringEnum(PLACE_TAXONOMY_TYPES),
  place_taxonomy_value: Type.String({ description: 'Display name' }),
  place_taxonomy_id: Type.String(),
};

export const PeriodFields = {
  period_type: StringEnum(PERIOD_GRANULARITIES),
  period_value: Type.String({ description: 'YYYY-MM-DD, YYYY-MM or YYYY-Qn (§9)' }),
  period_epoch_ms: Type.Integer({ description: "UTC epoch ms of the period's first day" }),
};

/** A row over a window of periods: the first one as its period, and the last. */
const WindowFields = { ...PeriodFields, end_period_value: Type.String({ description: 'The last period of the window' }) };

/**
 * The sample size of a row (issue 21 "Sample sizes"), `device_count`: the distinct panel devices whose visits its figure
 * is computed from, counted exactly. Charts mark (or hide) figures below the organization's threshold (bi-config.ts
 * SAMPLE_SIZE_DEFAULTS).
 */
const DeviceCount = (description: string) => Type.Integer({ minimum: 0, description: `Distinct panel devices behind the figure: ${description}` });

const SecondaryTaxonomyFields = {
  secondary_place_taxonomy_id: Type.String(),
  secondary_place_taxonomy_value: Type.String({ description: 'Display name' }),
};

const row = <T extends Parameters<typeof Type.Object>[0]>(title: string, description: string, fields: T) =>
  Type.Object(fields, { title, description, additionalProperties: false });

export const AudienceInsightRow = row('AudienceInsightRow', 'A chain\u2019s visit share and fair share index of one age or gender segment in a DMA', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...WindowFields,
  share_name: Type.String({ description: 'The segment: an age band or a gender' }),
  age: Type.Optional(StringEnum(AGE_ORDER)),
  gender: Type.Optional(StringEnum(GENDERS)),
  norm_visit_share: Figure('Weighted visits of the segment ÷ all weighted visits × 100'),
  fair_share_index: Figure('norm_visit_share ÷ the segment\u2019s population share × 100'),
  device_count: DeviceCount('the chain\u2019s visitors in the DMA and window (the shares\u2019 base)'),
});
export type AudienceInsightRow = Static<typeof AudienceInsightRow>;

export const ChangeInVisitsRow = row('ChangeInVisitsRow', 'Focus against benchmark normalized visits of a geography and a chain or category', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...PeriodFields,
  benchmark_period_value: Type.String(),
  benchmark_period_epoch_ms: Type.Integer(),
  normalized_visits: Type.Number({ description: 'Of the focus period' }),
  benchmark_normalized_visits: Type.Number(),
  percent_change: Figure('(focus − benchmark) ÷ benchmark × 100'),
  device_count: DeviceCount('visitors in the focus period'),
  benchmark_device_count: DeviceCount('visitors in the benchmark period'),
});
export type ChangeInVisitsRow = Static<typeof ChangeInVisitsRow>;

export const CrossVisitationRow = row('CrossVisitationRow', 'The share of a base chain\u2019s weighted visitors who also visited an overlap chain', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...SecondaryTaxonomyFields,
  ...WindowFields,
  overlap: Figure('Weighted |visitors(base) ∩ visitors(overlap)| ÷ weighted |visitors(base)| × 100'),
  device_count: DeviceCount('|visitors(base)|, the overlap\u2019s base'),
});
export type CrossVisitationRow = Static<typeof CrossVisitationRow>;

export const CustomerJourneyRow = row('CustomerJourneyRow', 'A place visited just before or after the primary chain or category, as a share of trips', {
  relationship: StringEnum(['before', 'after'] as const),
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...SecondaryTaxonomyFields,
  poi_level_name: StringEnum(PLACE_TAXONOMY_TYPES),
  ...WindowFields,
  percentage: Figure('Weighted primary visits with this neighbour ÷ those with a neighbour × 100'),
  normalized_visits: Type.Number(),
  device_count: DeviceCount('devices with a primary visit that has a neighbour of this relationship (the percentages\u2019 base)'),
});
export type CustomerJourneyRow = Static<typeof CustomerJourneyRow>;

export const IndexedFootTrafficRow = row('IndexedFootTrafficRow', 'One period of a chain\u2019s series in a geography, indexed to the first period', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...PeriodFields,
  normalized_visits: Type.Number({ description: 'Daily: the trailing 7-day mean; monthly: the month\u2019s normalized visits' }),
  raw_visits: Type.Integer({ description: 'Visits of that single day or month' }),
  norm_visits_pct_chg_vs_first: Figure('(value ÷ the first period\u2019s value − 1) × 100'),
  device_count: DeviceCount('daily: visitors of the days the 7-day mean covers; monthly: visitors of the month'),
});
export type IndexedFootTrafficRow = Static<typeof IndexedFootTrafficRow>;

export const DaypartShareRow = row('DaypartShareRow', 'A chain\u2019s share of weighted visits in one daypart', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...WindowFields,
  share_name: StringEnum(DAYPARTS),
  shareOfNormalizedVisits: Figure('Weighted visits in the daypart ÷ weighted visits × 100'),
  device_count: DeviceCount('the chain\u2019s visitors in the DMA and window (the shares\u2019 base)'),
});
export type DaypartShareRow = Static<typeof DaypartShareRow>;

export const DwellTimeRow = row('DwellTimeRow', 'A chain\u2019s median and mean dwell time (unweighted)', {
  ...GeographyFields,
  ...PlaceTaxonomyFields,
  ...WindowFields,
  medianDwellTimeMinutes: Figure('Continuous median of dwell minutes'),
  average_dwell_time_minutes: Figure('Mean of dwell minutes'),
  device_count: DeviceCount('the chain\u2019s visitors in the DMA and window'),
});
export type DwellTimeRow = Static<typeof DwellTimeRow>;

const optional = <T extends Record<string, Parameters<typeof Type.Optional>[0]>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as { [K in keyof T]: ReturnType<typeof Type.Optional<T[K]>> };

export const MovementPivotRow = row(
  'MovementPivotRow',
  'Normalized and raw visits of one combination of the layout\u2019s dimensions; a dimension\u2019s fields are present exactly when it is on the layout',
  {
    age: Type.Optional(StringEnum(AGE_ORDER)),
    gender: Type.Optional(StringEnum(GENDERS)),
    income: Type.Optional(StringEnum(INCOME_ORDER)),
    ...optional(GeographyFields),
    ...optional(PeriodFields),
    ...optional(PlaceTaxonomyFields),
    ...optional(SecondaryTaxonomyFields),
    normalized_visits: Type.Number(),
    raw_visits: Type.Integer(),
    device_count: DeviceCount('visitors of the combination'),
  },
);
export type MovementPivotRow = Static<typeof MovementPivotRow>;

/** Every kind of row, most specific first (a serializer trying them in order finds the one that fits). */
export const AnalyticRow = Type.Union(
  [AudienceInsightRow, ChangeInVisitsRow, CrossVisitationRow, CustomerJourneyRow, IndexedFootTrafficRow, DaypartShareRow, DwellTimeRow, MovementPivotRow],
  { title: 'AnalyticRow' },
);
export type AnalyticRow = Static<typeof AnalyticRow>;

export const AnalyticQueryResult = Type.Object({ rows: Type.Array(AnalyticRow) }, { title: 'AnalyticQueryResult' });
export type AnalyticQueryResult = Static<typeof AnalyticQueryResult>;
