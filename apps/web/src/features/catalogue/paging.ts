// Paging of the catalogue lists: which slice of a list a page shows.
export const PAGE_SIZE = 25;

export interface PageInfo {
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** 1-based position of the first and last item shown (0 and 0 when empty). */
  from: number;
  to: number;
  total: number;
}

/** The page an address asks for (`?page=`): 1 when absent or not a page number. */
export function parsePage(text: string | null): number {
  const page = Math.floor(Number(text ?? '1'));
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** The address value for a page: none for the first. */
export const pageParam = (page: number): string | null => (page === 1 ? null : String(page));

/** Where page `requested` of `total` items falls, clamped to the pages there are (an empty list is one empty page). */
export function pageInfo(total: number, requested: number, pageSize = PAGE_SIZE): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { page, pageCount, from, to: Math.min(total, page * pageSize), total };
}

