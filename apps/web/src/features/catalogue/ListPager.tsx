// Where the shown page falls in the whole list, and buttons to the pages around it: every catalogue list's pager.
import type { PageInfo } from './paging';

export function ListPager({ page, onPage, refreshing }: { page: PageInfo; onPage(page: number): void; refreshing: boolean }) {
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__summary" data-testid="list-summary">
        {page.from}–{page.to} of {page.total}
        {refreshing ? ' · updating…' : ''}
      </span>
      {page.pageCount > 1 && (
        <span className="pager__buttons">
          <button type="button" className="button button--ghost" disabled={page.page === 1} onClick={() => onPage(page.page - 1)}>
            Previous
          </button>
          <span className="pager__position">
            Page {page.page} of {page.pageCount}
          </span>
          <button type="button" className="button button--ghost" disabled={page.page === page.pageCount} onClick={() => onPage(page.page + 1)}>
            Next
          </button>
        </span>
      )}
    </nav>
  );
}
