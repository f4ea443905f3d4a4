// The orders of the maps screen: the server answers by last change; the name order is applied here over every match
// (the tag filter is the tags feature's, useListTags).
import type { CatalogueRecord } from '@atlas/domain';

export const MAP_SORTS = ['updated', 'name'] as const;
export type MapSort = (typeof MAP_SORTS)[number];
export const MAP_SORT_LABELS: Record<MapSort, string> = { updated: 'Last changed', name: 'Name' };

export const parseMapSort = (text: string | null): MapSort => ((MAP_SORTS as readonly string[]).includes(text ?? '') ? (text as MapSort) : 'updated');

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Newest first, or by name from A; ties keep the server's order. */
export function sortMaps(items: readonly CatalogueRecord[], sort: MapSort): CatalogueRecord[] {
  const keyed = items.map((record, index) => ({ record, index }));
  const compare =
    sort === 'name'
      ? (a: (typeof keyed)[number], b: (typeof keyed)[number]) => collator.compare(a.record.name, b.record.name)
      : (a: (typeof keyed)[number], b: (typeof keyed)[number]) => Date.parse(b.record.updatedAt) - Date.parse(a.record.updatedAt);
  return keyed.sort((a, b) => compare(a, b) || a.index - b.index).map(({ record }) => record);
}
