// What every list of the console shows around its table: loading, a failed read, an empty page, the pager.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError } from '../catalogue';
import type { AdminPage } from './paging';

/** The table for a read page, or why there is none: loading, "message (details)" with a retry, or `empty`. */
export function PagedList<T>({
  query,
  what,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<AdminPage<T>>;
  /** "organizations", "users" … for the spinner. */
  what: string;
  /** Why the page is empty (a search that matched nothing, nothing made yet …). */
  empty: string;
  onPage(page: number): void;
  children(items: T[]): ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}…`} />;
  if (query.isError) return <ListError message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const page = query.data;
  if (page.items.length === 0 && page.page === 1) return <p className="catalogue-list__empty" data-testid="admin-empty">{empty}</p>;
  return (
    <>
      {page.items.length === 0 ? (
        <p className="catalogue-list__empty" data-testid="admin-empty">
          This page is past the end of the list.
        </p>
      ) : (
        <div className="admin-table__scroll">{children(page.items)}</div>
      )}
      <AdminPager page={page} refreshing={query.isFetching} onPage={onPage} />
    </>
  );
}

function AdminPager<T>({ page, refreshing, onPage }: { page: AdminPage<T>; refreshing: boolean; onPage(page: number): void }) {
  return (
    <nav className="admin-pager" aria-label="Pages">
      <span data-testid="admin-list-summary">
        {page.items.length ? `Showing ${page.from}–${page.to}` : 'Nothing on this page'}
        {refreshing ? ' · updating…' : ''}
      </span>
      {(page.page > 1 || page.hasNext) && (
        <span className="admin-pager__buttons">
          <button type="button" className="button button--ghost" disabled={page.page === 1} onClick={() => onPage(page.page - 1)}>
            Previous
          </button>
          <span>Page {page.page}</span>
          <button type="button" className="button button--ghost" disabled={!page.hasNext} onClick={() => onPage(page.page + 1)}>
            Next
          </button>
        </span>
      )}
    </nav>
  );
}
