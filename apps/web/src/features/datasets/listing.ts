// What the dataset list shows and how it orders and pages it. The server filters (scope, search), sorts and pages
// (GET /v1/datasets?sort=&order=&limit=&offset=), so a page holds exactly the rows of that place in the whole order.
import type { Dataset, DatasetListQuery, DatasetSortKey } from '@atlas/domain';
import { PAGE_SIZE } from '../catalogue/paging';

export { PAGE_SIZE, pageInfo, type PageInfo } from '../catalogue/paging';

export const SORT_KEYS = ['name', 'type', 'status', 'size', 'rows', 'updated'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'updated', direction: 'desc' };

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

/** The server's sort key for each column (the address keeps the short names). */
const SERVER_SORT: Record<SortKey, DatasetSortKey> = { name: 'name', type: 'type', status: 'status', size: 'sizeBytes', rows: 'rowCount', updated: 'updatedAt' };

/** The list call for one page of a scope's datasets in the given order. */
export function listQuery(search: string, { key, direction }: SortState, page: number): DatasetListQuery & { limit: number; offset: number } {
  return { ...(search ? { search } : {}), sort: SERVER_SORT[key], order: direction, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
}

/** Reads the sort from the address (`sort=rows-desc`), falling back to the default for anything else. */
export function parseSort(text: string | null): SortState {
  const match = /^([a-z]+)-(asc|desc)$/.exec(text ?? '');
  if (!match || !(SORT_KEYS as readonly string[]).includes(match[1]!)) return DEFAULT_SORT;
  return { key: match[1] as SortKey, direction: match[2] as SortDirection };
}

export const formatSort = ({ key, direction }: SortState) => `${key}-${direction}`;
