import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { TagWithUsage } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { BulkTagDialog } from './BulkTagDialog';
import { OutcomeReport } from './OutcomeReport';
import { tagKeys } from './queries';

const at = '2026-01-01T00:00:00.000Z';
const RETAIL: TagWithUsage = { id: '11111111-1111-4111-8111-111111111111', name: 'retail', color: '#2563eb', organizationId: 'o1', usageCount: 2, createdAt: at, updatedAt: at };
const records = [
  { id: 'a', name: 'Stores' },
  { id: 'b', name: 'Visits' },
];

function render(mode: 'add' | 'remove', tags: TagWithUsage[], carried?: TagWithUsage[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(tagKeys.organization, tags);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={{} as ApiClient}>
        <BulkTagDialog mode={mode} resourceType="map" records={records} carried={carried} onApplied={() => undefined} onClose={() => undefined} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('BulkTagDialog', () => {
  it('offers the organization’s tags and a new tag with a name and a palette color, applying to every record', () => {
    const html = render('add', [RETAIL]);
    expect(html).toContain('Tag 2 records');
    expect(html).toContain('Stores, Visits');
    expect(html).toMatch(/aria-pressed="false"[^>]*data-tag="retail"/);
    expect(html).toContain('aria-label="New tag name"');
    expect(html).toMatch(/role="radiogroup" aria-label="Color"/);
    for (const color of ['Blue', 'Green', 'Amber', 'Red', 'Violet', 'Cyan', 'Pink', 'Gray']) expect(html).toContain(`aria-label="${color}"`);
    // Nothing is chosen yet: the apply button waits.
    expect(html).toMatch(/<button type="button" class="button button--primary" disabled="">Tag 2 records<\/button>/);
  });

  it('says when the organization has no tags yet', () => {
    expect(render('add', [])).toContain('Your organization has no tags yet: make one below.');
  });

  it('offers for removal the tags the records carry, and makes no new ones', () => {
    const html = render('remove', [RETAIL], []);
    expect(html).toContain('Remove tags from 2 records');
    expect(html).toContain('These records carry no tags.');
    expect(html).not.toContain('New tag name');
    expect(render('remove', [], [RETAIL])).toMatch(/data-tag="retail"/);
  });
});

describe('OutcomeReport', () => {
  it('names each refused record with the server’s reason', () => {
    const html = renderToStaticMarkup(
      <OutcomeReport mode="add" outcome={{ succeeded: ['a', 'b'], failed: [{ id: 'c', name: 'Zones', text: 'Map not found (No map with id c)', code: 'NOT_FOUND' }] }} />,
    );
    expect(html).toContain('Tagged 2 of 3 records.');
    expect(html).toMatch(/<li data-failed="c"><strong>Zones<\/strong>: <span class="bulk-tags__reason">Map not found \(No map with id c\)<\/span><\/li>/);
  });
});
