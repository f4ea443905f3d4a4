// Analytic sets and their query parameters (bi-and-admin.md §2, §3, §5).
import { Type, type Static } from 'typebox';
import { ANALYTIC_SET_IDS, FILTER_WIDGETS, LABEL_TYPES, QUERY_PARAMETER_TYPES } from '../enums.js';
import { StringEnum } from '../schema-helpers.js';

export const PERIOD_GRANULARITIES = ['daily', 'monthly', 'quarterly'] as const;
export type PeriodGranularity = (typeof PERIOD_GRANULARITIES)[number];
export type QueryParameterType = (typeof QUERY_PARAMETER_TYPES)[number];
export type FilterWidget = (typeof FILTER_WIDGETS)[number];
export type LabelType = (typeof LABEL_TYPES)[number];

/** A named group of a dropdown (country / DMA, category / chain). */
export const DropdownGroup = Type.Object(
  { id: Type.String(), name: Type.String(), values: Type.Array(Type.String()) },
  { title: 'DropdownGroup' },
);
export type DropdownGroup = Static<typeof DropdownGroup>;

/** A granularity a period parameter offers and its first and last period (YYYY-MM-DD, YYYY-MM or YYYY-Qn). */
export const PeriodRange = Type.Object(
  { granularity: StringEnum(PERIOD_GRANULARITIES), start: Type.String(), end: Type.String() },
  { title: 'PeriodRange' },
);
export type PeriodRange = Static<typeof PeriodRange>;

export const QueryParameter = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
    type: StringEnum(QUERY_PARAMETER_TYPES),
    name: Type.String(),
    description: Type.String(),
    defaultValue: Type.Unknown({ description: 'A string, a list of strings, a period range or a pivot layout, by type' }),
    availableValues: Type.Optional(Type.Array(Type.String())),
    required: Type.Boolean(),
    maxValues: Type.Integer({ minimum: 1 }),
    hidden: Type.Optional(Type.Boolean({ description: 'Set by the views, not shown in the query bar' })),
    dropdownGroups: Type.Optional(Type.Array(DropdownGroup)),
    labelType: Type.Optional(StringEnum(LABEL_TYPES)),
    labelValueMap: Type.Optional(Type.Record(Type.String(), Type.String())),
    startDate: Type.Optional(Type.String()),
    endDate: Type.Optional(Type.String()),
    startQuarter: Type.Optional(Type.String()),
    endQuarter: Type.Optional(Type.String()),
    periodRanges: Type.Optional(Type.Array(PeriodRange)),
  },
  { title: 'QueryParameter' },
);
export type QueryParameter = Static<typeof QueryParameter>;

export const AnalyticSetDatasets = Type.Object(
  { production: Type.Array(Type.String()), staging: Type.Array(Type.String()) },
  { title: 'AnalyticSetDatasets', description: 'Panel table names in a definition; dataset ids in an answer' },
);
export type AnalyticSetDatasets = Static<typeof AnalyticSetDatasets>;

const FreeObject = Type.Record(Type.String(), Type.Unknown());

export const AnalyticSetTemplate = Type.Object(
  {
    version: Type.Literal('v1'),
    config: Type.Object({ visState: FreeObject, mapState: FreeObject, mapStyle: FreeObject, insightState: FreeObject }),
  },
  { title: 'AnalyticSetTemplate' },
);
export type AnalyticSetTemplate = Static<typeof AnalyticSetTemplate>;

export const AnalyticSet = Type.Object(
  {
    id: StringEnum(ANALYTIC_SET_IDS),
    title: Type.String(),
    description: Type.String(),
    queryParameters: Type.Array(QueryParameter),
    templateParameters: Type.Record(Type.String(), Type.Unknown()),
    datasets: AnalyticSetDatasets,
    template: AnalyticSetTemplate,
  },
  { title: 'AnalyticSet' },
);
/** A built-in analytic set as defined in code (datasets name panel tables) and as answered (datasets are ids). */
export type AnalyticSetDefinition = Static<typeof AnalyticSet>;

export const AnalyticSetQuery = Type.Object(
  { impersonateOrganizationId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false, title: 'AnalyticSetQuery' },
);

/** Label maps: id → display name for geographies (US and DMAs) and place taxonomy (categories and chains). */
export const Labels = Type.Object(
  { GEOGRAPHY: Type.Record(Type.String(), Type.String()), PLACE_TAXONOMY: Type.Record(Type.String(), Type.String()) },
  { title: 'Labels' },
);
export type Labels = Static<typeof Labels>;
