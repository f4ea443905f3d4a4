import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListBody, type ListRead } from './ListBody';
import { pageInfo } from './paging';

type Page = { items: string[]; total: number };
const read = (state: Partial<ListRead<Page>>): ListRead<Page> => ({ data: undefined, error: null, isPending: false, isError: false, isFetching: false, refetch: async () => undefined, ...state });
const body = (list: ListRead<Page>) =>
  renderToStaticMarkup(
    <ListBody list={list} loading="Loading things…" count={(data) => data.total} empty="No things here." emptyTestId="things-empty" pager={{ page: pageInfo(list.data?.total ?? 0, 1), onPage: () => undefined }}>
      {(data) => <ul>{data.items.map((item) => <li key={item}>{item}</li>)}</ul>}
    </ListBody>,
  );

describe('ListBody', () => {
  it('shows the loading label while the list is read', () => {
    expect(body(read({ isPending: true }))).toContain('Loading things…');
  });

  it('says why the list could not be read, with a way to ask again', () => {
    const html = body(read({ isError: true, error: new Error('Server down (try later)') }));
    expect(html).toContain('Server down (try later)');
    expect(html).toContain('>Try again</button>');
  });

  it('says why an empty list is empty, and shows no pager', () => {
    const html = body(read({ data: { items: [], total: 0 } }));
    expect(html).toContain('data-testid="things-empty"');
    expect(html).toContain('No things here.');
    expect(html).not.toContain('list-summary');
  });

  it('shows the records and the pager, which says when the list is read again', () => {
    const html = body(read({ data: { items: ['a', 'b'], total: 2 }, isFetching: true }));
    expect(html).toContain('<li>a</li><li>b</li>');
    expect(html).toContain('1–2 of 2 · updating…');
  });
});
