// The fields that identify a row (bi-and-admin.md §3): its geography, place taxonomy and period, as every view writes them.
import { CATEGORIES, COUNTRY, labels } from '@atlas/analytics';
import { periodBounds, type PeriodGranularity } from '@atlas/domain';

const categoryIds = new Set(CATEGORIES.map((category) => category.id));

/** A geography id: the country (by code) or a DMA, with its display name. */
export const geographyFields = (id: string) => ({
  geography_type: id === COUNTRY.id ? ('country' as const) : ('dma' as const),
  geography_value: labels().GEOGRAPHY[id] ?? id,
  geography_id: id,
});

/** A chain or category id, with its kind and display name. */
export const taxonomyFields = (id: string) => ({
  place_taxonomy_type: categoryIds.has(id) ? ('category' as const) : ('chain' as const),
  place_taxonomy_value: labels().PLACE_TAXONOMY[id] ?? id,
  place_taxonomy_id: id,
});

/** The chain or category a row compares with (overlap chain, journey neighbour). */
export const secondaryTaxonomyFields = (id: string) => ({ secondary_place_taxonomy_id: id, secondary_place_taxonomy_value: labels().PLACE_TAXONOMY[id] ?? id });

/** One period in its §9 format, with its first day as UTC epoch ms. */
export const periodFields = (granularity: PeriodGranularity, value: string) => ({
  period_type: granularity,
  period_value: value,
  period_epoch_ms: periodBounds(granularity, value).startMs,
});

/** A window of periods: the first as the row's period, and the last. */
export const windowFields = (granularity: PeriodGranularity, start: string, end: string) => ({ ...periodFields(granularity, start), end_period_value: end });
