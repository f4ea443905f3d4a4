// Builders shared by the seven analytic sets: parameters whose values and labels come from the reference data,
// and the template skeleton. Periods follow the panel's default span.
import { MULTI_SELECT_MAX, periodOfDay, SINGLE_SELECT_MAX, type DropdownGroup, type PeriodGranularity, type PeriodRange, type QueryParameter } from '@atlas/domain';
import { CATEGORIES, CHAINS, DMAS } from '../generator/reference/index.js';
import { DEFAULT_END, DEFAULT_START } from '../generator/schema.js';

export const COUNTRY = { id: 'US', name: 'United States' } as const;
export const PANEL_TABLE_NAMES = ['visits', 'places', 'panel', 'population'] as const;

const quarterOf = (date: string) => periodOfDay('quarterly', date).value;
export const START_QUARTER = quarterOf(DEFAULT_START);
export const END_QUARTER = quarterOf(DEFAULT_END);

/** The first and last period of the panel at each granularity. */
export function periodRange(granularity: PeriodGranularity): PeriodRange {
  if (granularity === 'daily') return { granularity, start: DEFAULT_START, end: DEFAULT_END };
  if (granularity === 'monthly') return { granularity, start: periodOfDay('monthly', DEFAULT_START).value, end: periodOfDay('monthly', DEFAULT_END).value };
  return { granularity, start: START_QUARTER, end: END_QUARTER };
}

// Built once: every answer row names its geography and taxonomy through them.
const GEOGRAPHY_LABELS: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries([[COUNTRY.id, COUNTRY.name], ...DMAS.map((dma) => [dma.id, dma.name])]));
const TAXONOMY_LABELS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...CATEGORIES.map((category) => [category.id, category.name]), ...CHAINS.map((chain) => [chain.id, chain.name])]),
);

export const GEOGRAPHY_GROUPS: DropdownGroup[] = [
  { id: 'country', name: 'Country', values: [COUNTRY.id] },
  { id: 'dma', name: 'DMA', values: DMAS.map((dma) => dma.id) },
];
export const TAXONOMY_GROUPS: DropdownGroup[] = [
  { id: 'category', name: 'Category', values: CATEGORIES.map((category) => category.id) },
  { id: 'chain', name: 'Chain', values: CHAINS.map((chain) => chain.id) },
];

export const labelMaps = () => ({ GEOGRAPHY: GEOGRAPHY_LABELS, PLACE_TAXONOMY: TAXONOMY_LABELS });

type Base = Pick<QueryParameter, 'id' | 'name' | 'description'> & Partial<QueryParameter>;
const periodBounds = { startDate: DEFAULT_START, endDate: DEFAULT_END, startQuarter: START_QUARTER, endQuarter: END_QUARTER };

/** A geography selector over US and the DMAs (groups country and DMA); single when max is 1. */
export function geographyParameter(base: Base, max: number = MULTI_SELECT_MAX, groups = GEOGRAPHY_GROUPS): QueryParameter {
  const values = groups.flatMap((group) => group.values);
  return {
    type: max === SINGLE_SELECT_MAX ? 'STRING' : 'MULTI_STRING',
    defaultValue: max === SINGLE_SELECT_MAX ? COUNTRY.id : [COUNTRY.id],
    availableValues: values,
    required: true,
    maxValues: max,
    dropdownGroups: groups,
    labelType: 'GEOGRAPHY',
    labelValueMap: pick(GEOGRAPHY_LABELS, values),
    ...base,
  };
}

/** A DMA-only selector (single). */
export const dmaParameter = (base: Base): QueryParameter =>
  geographyParameter({ defaultValue: DMAS[0]!.id, ...base }, SINGLE_SELECT_MAX, [GEOGRAPHY_GROUPS[1]!]);

/** A taxonomy selector: chains only, or categories and chains in two groups. */
export function taxonomyParameter(base: Base, max: number = MULTI_SELECT_MAX, groups: DropdownGroup[] = [TAXONOMY_GROUPS[1]!]): QueryParameter {
  const values = groups.flatMap((group) => group.values);
  const first = CHAINS.slice(0, Math.min(max, 3)).map((chain) => chain.id);
  return {
    type: max === SINGLE_SELECT_MAX ? 'STRING' : 'MULTI_STRING',
    defaultValue: max === SINGLE_SELECT_MAX ? first[0] : first,
    availableValues: values,
    required: true,
    maxValues: max,
    ...(groups.length > 1 ? { dropdownGroups: groups } : {}),
    labelType: 'PLACE_TAXONOMY',
    labelValueMap: pick(TAXONOMY_LABELS, values),
    ...base,
  };
}

/** A period window {granularity, start, end}; the default is the last twelve months (or last quarter / 28 days). */
export function periodParameter(base: Base, granularities: PeriodGranularity[]): QueryParameter {
  const defaults: Record<PeriodGranularity, { start: string; end: string }> = {
    monthly: { start: '2025-01', end: periodRange('monthly').end },
    quarterly: { start: '2025-Q1', end: END_QUARTER },
    daily: { start: '2025-10-01', end: DEFAULT_END },
  };
  const first = granularities[0]!;
  return {
    type: 'DATE_RANGE',
    defaultValue: { granularity: first, ...defaults[first] },
    required: true,
    maxValues: SINGLE_SELECT_MAX,
    ...periodBounds,
    periodRanges: granularities.map(periodRange),
    ...base,
  };
}

/** A Focus vs Benchmark pair {granularity, focus, benchmark}: the benchmark may not come after the focus. */
export function focusBenchmarkParameter(base: Base, granularities: PeriodGranularity[]): QueryParameter {
  return {
    type: 'DATE_PERIOD_RANGE',
    defaultValue: { granularity: 'monthly', focus: periodRange('monthly').end, benchmark: '2024-12' },
    required: true,
    maxValues: SINGLE_SELECT_MAX,
    ...periodBounds,
    periodRanges: granularities.map(periodRange),
    ...base,
  };
}

/** A fixed list of choices. */
export function choiceParameter(base: Base, values: readonly string[], max: number, defaultValue: unknown): QueryParameter {
  return {
    type: max === SINGLE_SELECT_MAX ? 'STRING' : 'MULTI_STRING',
    defaultValue,
    availableValues: [...values],
    required: false,
    maxValues: max,
    ...base,
  };
}

function pick(labels: Readonly<Record<string, string>>, ids: string[]): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, labels[id] ?? id]));
}

/** A query-bar entry: the widget and the parameter it is bound to. */
export const widget = (parameterId: string, kind: string, extra: Record<string, unknown> = {}) => ({ widget: kind, parameter: `{{${parameterId}}}`, ...extra });

/** A chart of a view, querying the set's template with the given parameters. */
export const chart = (id: string, kind: string, title: string, parameterIds: string[], extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  title,
  query: { templateId: id, parameters: Object.fromEntries(parameterIds.map((p) => [p, `{{${p}}}`])) },
  ...extra,
});

/** The template around a side-menu layout: no map layers, a US-wide map. */
export function template(insightState: Record<string, unknown>) {
  return {
    version: 'v1' as const,
    config: {
      visState: { layers: [], filters: [], interactionConfig: {} },
      mapState: { latitude: 39.5, longitude: -98.35, zoom: 3.5, bearing: 0, pitch: 0 },
      mapStyle: { styleType: 'positron' },
      insightState,
    },
  };
}
