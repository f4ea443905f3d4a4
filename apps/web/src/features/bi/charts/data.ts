// Reading result rows (bi-and-admin.md §3 field names): values, display names and the groups a chart draws.
import type { Labels } from '@atlas/domain';
import type { Limited, Row, RowField } from './types';

/** A number field; null when absent, null or not a finite number. */
export function num(row: Row, field: RowField): number | null {
  const value = row[field];
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A text field; '' when absent. */
export function text(row: Row, field: RowField): string {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
}

export interface Group {
  id: string;
  name: string;
}

/**
 * The distinct groups of the rows by an id field, in order of first appearance (the server's order), each named by
 * the row's display-name field, else by the labels, else by its id.
 */
export function groupsOf(rows: readonly Row[], idField: RowField, nameField: RowField, names: Record<string, string> = {}): Group[] {
  const seen = new Map<string, Group>();
  for (const row of rows) {
    const id = text(row, idField);
    if (seen.has(id)) continue;
    seen.set(id, { id, name: text(row, nameField) || names[id] || id });
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
export function indexRows(rows: readonly Row[], key: (row: Row) => string): Map<string, Row> {
  const index = new Map<string, Row>();
  for (const row of rows) {
    const k = key(row);
    if (!index.has(k)) index.set(k, row);
  }
  return index;
}

/** A key of several parts that cannot collide (parts joined by a control character). */
export const pairKey = (...parts: string[]) => parts.join('\u0001');
