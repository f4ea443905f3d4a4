import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { QueryExecution, QueryTemplate, QueryTemplateList, User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
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

function render(element: JSX.Element, seat: 'maker' | 'viewer', templates: QueryTemplateList = { items: [], total: 0 }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.templatePage(0, 25), templates);
  queryClient.setQueryData(queryKeys.readableDatasets, []);
  return renderToStaticMarkup(
    <StaticRouter location="/workspace/queries">
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={{} as ApiClient}>
          <SignedInUserProvider user={user(seat)}>{element}</SignedInUserProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </StaticRouter>,
  );
}

const buttons = (html: string, row: string) => [...(html.split(`data-template="${row}"`)[1]?.split('</tr>')[0] ?? '').matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((match) => match[1]);

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
