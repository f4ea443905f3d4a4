import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { QueryBookmark, QueryExecution, QueryTemplate, QueryTemplateList, TagSummary, TagWithUsage, User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { tagKeys } from '../tags/queries';
import { BookmarksSection } from './BookmarksSection';
import { ExecutionState } from './ExecutionState';
import { QueriesPage } from './QueriesPage';
import { queryKeys } from './queries';
import { TemplatesSection } from './TemplatesSection';

const at = '2026-01-01T00:00:00.000Z';
const user = (seat: 'maker' | 'viewer') => ({ id: 'u1', name: 'Someone', email: 'someone@example.com', isAdmin: false, organization: { id: 'o1', name: 'Demo' }, seat }) as User;
const template = (id: string, actions: QueryTemplate['actions'], ownerId = 'u1'): QueryTemplate => ({
  id,
  name: `Template ${id}`,
  description: 'By category',
  template: 'SELECT 1',
  parameters: [],
  datasetId: null,
  version: 3,
  ownerId,
  organizationId: 'o1',
  actions,
  createdAt: at,
  updatedAt: at,
});

const RETAIL: TagSummary = { id: '0b6a3c9e-1f2d-4c3b-9a8e-7d6c5b4a3f21', name: 'retail', color: '#16a34a' };

/** `tagIds`: the tag filter of the address; `tagged`: which templates carry which tags (the organization's tag index). */
function render(
  element: JSX.Element,
  seat: 'maker' | 'viewer',
  templates: QueryTemplateList = { items: [], total: 0 },
  { tagIds = [], tagged = new Map(), bookmarks = { items: [], total: 0 } }: { tagIds?: string[]; tagged?: Map<string, TagSummary[]>; bookmarks?: { items: QueryBookmark[]; total: number } } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.templatePage(0, 25, tagIds), templates);
  queryClient.setQueryData(queryKeys.readableDatasets, []);
  queryClient.setQueryData(queryKeys.allTemplates, templates.items);
  queryClient.setQueryData(queryKeys.bookmarkPage('mine', 0, 25, tagIds), bookmarks);
  queryClient.setQueryData(tagKeys.forType('query-template'), tagged);
  queryClient.setQueryData(tagKeys.organization, [{ ...RETAIL, organizationId: 'o1', usageCount: 1, createdAt: at, updatedAt: at }] satisfies TagWithUsage[]);
  return renderToStaticMarkup(
    <StaticRouter location={`/workspace/queries${tagIds.length ? `?tags=${tagIds.join(',')}` : ''}`}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={{ dataQueries: { bookmarks: {}, templates: {} } } as unknown as ApiClient}>
          <SignedInUserProvider user={user(seat)}>{element}</SignedInUserProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </StaticRouter>,
  );
}

const buttons = (html: string, row: string) => [...(html.split(`data-template="${row}"`)[1]?.split('</tr>')[0] ?? '').matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((match) => match[1]);

const bookmark = (id: string, actions: QueryBookmark['actions'], query: QueryBookmark['query']): QueryBookmark => ({
  id,
  name: `Bookmark ${id}`,
  description: '',
  query,
  ownerId: 'u1',
  organizationId: 'o1',
  actions,
  createdAt: at,
  updatedAt: at,
});

describe('BookmarksSection', () => {
  it('opens template runs, and offers rename, share and delete as each answer allows', () => {
    const t1 = template('t1', ['read']);
    const html = render(<BookmarksSection onOpen={() => undefined} />, 'maker', { items: [t1], total: 1 }, {
      bookmarks: {
        items: [
          bookmark('b1', ['read', 'write', 'delete', 'copy', 'share', 'download'], { queryTemplateId: 't1', parameters: { region: 'north', year: [2024, 2025] } }),
          bookmark('b2', ['read'], { pipeline: { nodes: [] } } as unknown as QueryBookmark['query']),
        ],
        total: 2,
      },
    });
    const row = (id: string) => [...(html.split(`data-bookmark="${id}"`)[1]?.split('</tr>')[0] ?? '').matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((match) => match[1]);
    expect(row('b1')).toEqual(['Open', 'Rename', 'Share', 'Delete']);
    expect(row('b2')).toEqual([]);
    expect(html).toContain('region = north; year = 2024, 2025');
    expect(html).toContain('A query pipeline');
  });
});

describe('TemplatesSection', () => {
  it('offers on each template what its actions allow', () => {
    const html = render(<TemplatesSection onRun={() => undefined} />, 'maker', {
      items: [template('t1', ['read', 'write', 'delete', 'copy', 'share', 'download']), template('t2', ['read'], 'u2')],
      total: 2,
    });
    expect(buttons(html, 't1')).toEqual(['Run', 'History', 'Edit', 'Share', 'Delete']);
    expect(buttons(html, 't2')).toEqual(['Run', 'History']);
    expect(html).toContain('>Another member<');
    expect(html).toContain('1–2 of 2');
  });

  it("shows each template's tags, and pick boxes only on those a maker may change", () => {
    const items = [template('t1', ['read', 'write', 'delete', 'copy', 'share', 'download']), template('t2', ['read'], 'u2')];
    const tagged = new Map([['t1', [RETAIL]]]);
    const html = render(<TemplatesSection onRun={() => undefined} />, 'maker', { items, total: 2 }, { tagged });
    expect(html).toContain('>Tags</th>');
    expect(html.split('data-template="t1"')[1]?.split('</tr>')[0]).toContain('data-tag="retail"');
    expect(html.split('data-template="t2"')[1]?.split('</tr>')[0]).not.toContain('data-tag=');
    expect(html).toContain('data-tag-select="t1"');
    expect(html).not.toContain('data-tag-select="t2"');
    expect(html).toContain('aria-label="Bulk tagging"');
    expect(html).toContain('aria-label="Tag filter"');

    const viewer = render(<TemplatesSection onRun={() => undefined} />, 'viewer', { items, total: 2 }, { tagged });
    expect(viewer).toContain('data-tag="retail"');
    expect(viewer).toContain('aria-label="Tag filter"');
    expect(viewer).not.toContain('data-tag-select');
    expect(viewer).not.toContain('aria-label="Bulk tagging"');
  });

  it('reads the page of the tag filter in the address and says when the filter empties it', () => {
    const html = render(<TemplatesSection onRun={() => undefined} />, 'maker', { items: [], total: 0 }, { tagIds: [RETAIL.id] });
    expect(html).toContain('No query template matches the tag “retail” here.');
    expect(html).not.toContain('No query templates yet.');
  });

  it('says why the list is empty, for a maker and for a viewer', () => {
    expect(render(<TemplatesSection onRun={() => undefined} />, 'maker')).toContain('No query templates yet. Create one');
    expect(render(<TemplatesSection onRun={() => undefined} />, 'viewer')).toContain('A viewer seat runs the templates others share but does not create them.');
  });
});

describe('QueriesPage', () => {
  it('offers New template to a maker only', () => {
    expect(render(<QueriesPage />, 'maker')).toMatch(/<button[^>]*>New template<\/button>/);
    expect(render(<QueriesPage />, 'viewer')).not.toContain('New template');
  });
});

describe('ExecutionState', () => {
  it('shows the state with the facts of the execution', () => {
    const execution = { id: 'abcdef0123', status: 'cancelled', rowCount: null, startedAt: at, finishedAt: '2026-01-01T00:00:01.500Z', cacheHit: false, error: 'Cancelled by the user' } as QueryExecution;
    const html = renderToStaticMarkup(<ExecutionState state="cancelled" execution={execution} />);
    expect(html).toContain('data-state="cancelled"');
    expect(html).toContain('>Cancelled<');
    expect(html).toContain('1.5 s · execution abcdef01 · Cancelled by the user');
    expect(renderToStaticMarkup(<ExecutionState state="queued" execution={null} />)).toContain('waiting for the execution record');
  });
});
