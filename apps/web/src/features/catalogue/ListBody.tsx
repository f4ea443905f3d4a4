// The body of every list screen: a spinner while the list is read, why it could not be read with a way to ask again,
// what an empty list says, or the records and the pager under them.
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError } from './ListParts';
import { ListPager } from './ListPager';
import type { PageInfo } from './paging';

/** What ListBody reads of the list's query (react-query's result). */
export interface ListRead<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

export interface ListBodyProps<T> {
  list: ListRead<T>;
  /** "Loading templates…" */
  loading: string;
  /** How many records the read list shows: none gives `empty`. */
  count(data: T): number;
  /** What an empty list says: why it has none, or what emptied it. */
  empty: ReactNode;
  /** A test id on the empty sentence. */
  emptyTestId?: string;
  /** The records (a table, and what goes with it). */
  children(data: T): ReactNode;
  /** The pager under the records, for a list shown a page at a time. */
  pager?: { page: PageInfo; onPage(page: number): void };
}

export function ListBody<T>({ list, loading, count, empty, emptyTestId, children, pager }: ListBodyProps<T>) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isError || list.data === undefined) return <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  if (count(list.data) === 0)
    return (
      <p className="catalogue-list__empty" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return (
    <>
      {children(list.data)}
      {pager && <ListPager page={pager.page} onPage={pager.onPage} refreshing={list.isFetching} />}
    </>
  );
}
