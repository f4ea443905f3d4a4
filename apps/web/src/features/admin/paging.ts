// The console's lists page with offset and limit; the server answers a page without a total, so each read asks for
// one row more than it shows, and that row's presence says whether a next page exists.

export const ADMIN_PAGE_SIZE = 25;

export { parsePage } from '../catalogue/paging';

/** What to ask the server for page `page` (1-based): its rows and one more. */
export function pageRequest(page: number, size = ADMIN_PAGE_SIZE): { offset: number; limit: number } {
  return { offset: (page - 1) * size, limit: size + 1 };
}

export interface AdminPage<T> {
  items: T[];
  page: number;
  /** Position of the first and last row shown (1-based); 0 and 0 for an empty page. */
  from: number;
  to: number;
  hasNext: boolean;
}

/** The rows of page `page` from the server's answer to pageRequest(page). */
export function pageOf<T>(rows: readonly T[], page: number, size = ADMIN_PAGE_SIZE): AdminPage<T> {
  const items = rows.slice(0, size);
  const from = items.length ? (page - 1) * size + 1 : 0;
  return { items, page, from, to: items.length ? from + items.length - 1 : 0, hasNext: rows.length > size };
}
