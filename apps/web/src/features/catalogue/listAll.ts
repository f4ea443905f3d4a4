/** The server's largest page. */
const SERVER_PAGE = 1000;

type Lister<T, F> = (query: F & { limit: number; offset: number }) => Promise<{ items: T[]; total: number }>;

/**
 * Every record a list endpoint answers for the filter, read page by page: the server orders by last change, so any
 * other order (and a filter it does not apply) needs them all.
 */
export async function listAll<T, F extends object>(list: Lister<T, F>, filter: F): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await list({ ...filter, limit: SERVER_PAGE, offset: items.length });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

/** A search as list endpoints take it: no key when empty. */
export const searchFilter = (search: string): { search?: string } => (search ? { search } : {});
