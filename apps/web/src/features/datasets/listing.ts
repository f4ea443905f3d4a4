// What the dataset list shows and how it orders and pages it. The server filters (scope, search) and answers in
// pages of at most 1000 ordered by last change; sorting by another column needs every match, so the list reads them
// all (see queries.ts) and sorts and pages here.
import type { Dataset, DatasetStatus } from '@atlas/domain';

export const SORT_KEYS = ['name', 'type', 'status', 'size', 'rows', 'updated'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'updated', direction: 'desc' };
export const PAGE_SIZE = 25;

/** Numbers and dates read best largest or newest first; names and labels from A. */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = { name: 'asc', type: 'asc', status: 'asc', size: 'desc', rows: 'desc', updated: 'desc' };

/** A click on a column header: the same column flips its direction, another starts with its natural one. */
export function toggleSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: FIRST_DIRECTION[key] };
}

const numberIn = (metadata: Dataset['metadata'], key: string): number | null => {
  const value = metadata[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Rows of the stored data, once a load described it. */
export const rowCountOf = (dataset: Dataset) => numberIn(dataset.metadata, 'rowCount');
/** The stored data's columns and their types ('integer', 'number', 'string', 'h3', 'geometry' …), once a load described it. */
export function columnsOf(dataset: Pick<Dataset, 'metadata'>): Array<{ name: string; type: string }> {
  const columns = dataset.metadata.columns;
  if (!Array.isArray(columns)) return [];
  return columns.flatMap((column: unknown) => {
    const { name, type } = (column ?? {}) as { name?: unknown; type?: unknown };
    return typeof name === 'string' ? [{ name, type: typeof type === 'string' ? type : 'unknown' }] : [];
  });
}

/** Bytes of the stored data, once a load described it. */
export const sizeOf = (dataset: Dataset) => numberIn(dataset.metadata, 'sizeBytes');

const STATUS_ORDER: Record<DatasetStatus, number> = { ready: 0, pending: 1, new: 2, error: 3 };
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Value = string | number | null;
const VALUE_OF: Record<SortKey, (dataset: Dataset) => Value> = {
  name: (dataset) => dataset.name,
  type: (dataset) => dataset.type,
  status: (dataset) => STATUS_ORDER[dataset.status],
  size: sizeOf,
  rows: rowCountOf,
  updated: (dataset) => Date.parse(dataset.updatedAt),
};

function compareValues(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return (a as number) - (b as number);
}

/** Sorted by the key; datasets without a value (no data yet) come last either way; ties keep the server's order. */
export function sortDatasets(items: readonly Dataset[], { key, direction }: SortState): Dataset[] {
  const sign = direction === 'asc' ? 1 : -1;
  const value = VALUE_OF[key];
  return items
    .map((dataset, index) => ({ dataset, index, value: value(dataset) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map(({ dataset }) => dataset);
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** 1-based position of the first and last item shown (0 and 0 when empty). */
  from: number;
  to: number;
  total: number;
}

export function pageOf<T>(items: readonly T[], requested: number, pageSize = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const start = (page - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return { items: shown, page, pageCount, from: shown.length ? start + 1 : 0, to: start + shown.length, total: items.length };
}

/** Reads the sort from the address (`sort=rows-desc`), falling back to the default for anything else. */
export function parseSort(text: string | null): SortState {
  const match = /^([a-z]+)-(asc|desc)$/.exec(text ?? '');
  if (!match || !(SORT_KEYS as readonly string[]).includes(match[1]!)) return DEFAULT_SORT;
  return { key: match[1] as SortKey, direction: match[2] as SortDirection };
}

export const formatSort = ({ key, direction }: SortState) => `${key}-${direction}`;
