// Reading result rows (bi-and-admin.md §3 field names): display names and the groups a chart draws.
import type { Labels } from '@atlas/domain';
import type { Limited } from './types';

export interface Group {
  id: string;
  name: string;
}

/** A row's group: its id and its display name. */
export type GroupOf<R> = (row: R) => readonly [id: string, name: string];

/** The chain or category a row is of. */
export const taxonomyGroup: GroupOf<{ place_taxonomy_id: string; place_taxonomy_value: string }> = (row) => [row.place_taxonomy_id, row.place_taxonomy_value];
/** The other chain or category of a row that relates two (Cross-Visitation). */
export const secondaryGroup: GroupOf<{ secondary_place_taxonomy_id: string; secondary_place_taxonomy_value: string }> = (row) => [
  row.secondary_place_taxonomy_id,
  row.secondary_place_taxonomy_value,
];
/** The geography a row is of. */
export const geographyGroup: GroupOf<{ geography_id: string; geography_value: string }> = (row) => [row.geography_id, row.geography_value];

/**
 * The distinct groups of the rows, in order of first appearance (the server's order), each named by the row's display
 * name, else by the labels, else by its id.
 */
export function groupsOf<R>(rows: readonly R[], groupOf: GroupOf<R>, names: Record<string, string> = {}): Group[] {
  const seen = new Map<string, Group>();
  for (const row of rows) {
    const [id, name] = groupOf(row);
    if (seen.has(id)) continue;
    seen.set(id, { id, name: name || names[id] || id });
  }
  return [...seen.values()];
}

/** The first `limit` groups, and the note saying how many were dropped when some were. */
export function limitGroups<T>(groups: readonly T[], limit: number | undefined, noun: string): { shown: T[]; limited?: Limited } {
  if (limit === undefined || groups.length <= limit) return { shown: [...groups] };
  return { shown: groups.slice(0, limit), limited: { shown: limit, total: groups.length, noun } };
}

/** A place-taxonomy id's display name. */
export const taxonomyName = (labels: Labels, id: string) => labels.PLACE_TAXONOMY[id] ?? id;
/** A geography id's display name. */
export const geographyName = (labels: Labels, id: string) => labels.GEOGRAPHY[id] ?? id;

/** Indexes rows by a key, so a chart can look up the cell of a (series, category) pair. */
export function indexRows<R>(rows: readonly R[], key: (row: R) => string): Map<string, R> {
  const index = new Map<string, R>();
  for (const row of rows) {
    const k = key(row);
    if (!index.has(k)) index.set(k, row);
  }
  return index;
}

/** A key of several parts that cannot collide (parts joined by a control character). */
export const pairKey = (...parts: string[]) => parts.join('\u0001');
