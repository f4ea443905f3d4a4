// What the maps screen shows and in which order: the server answers by last change; the name order, the tag filter
// and the search over descriptions are applied here over every match.
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

/** Only the maps carrying the tag (by name); every map without one. */
export const withTag = (items: readonly CatalogueRecord[], tag: string | null) => (tag ? items.filter((record) => record.tags.some((entry) => entry.name === tag)) : [...items]);

/** The tags used by the maps, each once, by name. */
export function tagsOf(items: readonly CatalogueRecord[]): string[] {
  return [...new Set(items.flatMap((record) => record.tags.map((tag) => tag.name)))].sort(collator.compare);
}
