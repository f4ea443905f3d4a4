// What the workbooks screen shows and in which order: the same orders as the maps screen (both lists are catalogue
// records the server answers by last change), and pages of PAGE_SIZE cut here from every match.
import type { CatalogueRecord } from '@atlas/domain';
import { PAGE_SIZE, pageInfo, type PageInfo } from '../datasets/listing';
import { MAP_SORTS, MAP_SORT_LABELS, parseMapSort, sortMaps, type MapSort } from '../maps/listing';

export const WORKBOOK_SORTS = MAP_SORTS;
export type WorkbookSort = MapSort;
export const WORKBOOK_SORT_LABELS = MAP_SORT_LABELS;
export const parseWorkbookSort = parseMapSort;
export type { PageInfo };

/** Reads `?page=` as a whole number from 1. */
export { parsePage } from '../catalogue/paging';

/** The workbooks in the order asked, and the page of them asked for (clamped to the pages there are). */
export function workbookPage(items: readonly CatalogueRecord[], { sort, page }: { sort: WorkbookSort; page: number }, pageSize = PAGE_SIZE): { items: CatalogueRecord[]; page: PageInfo } {
  const ordered = sortMaps(items, sort);
  const info = pageInfo(ordered.length, page, pageSize);
  return { items: ordered.slice((info.page - 1) * pageSize, info.page * pageSize), page: info };
}
