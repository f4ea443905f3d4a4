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

/** Where page `requested` of `total` items falls, clamped to the pages there are (an empty list is one empty page). */
export function pageInfo(total: number, requested: number, pageSize = PAGE_SIZE): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { page, pageCount, from, to: Math.min(total, page * pageSize), total };
}

