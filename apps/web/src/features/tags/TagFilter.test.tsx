import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { TagWithUsage } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { tagKeys } from './queries';
import { TagFilter } from './TagFilter';

const at = '2026-01-01T00:00:00.000Z';
const tag = (id: string, name: string, color: string): TagWithUsage => ({ id, name, color, organizationId: 'o1', usageCount: 1, createdAt: at, updatedAt: at });
const RETAIL = tag('11111111-1111-4111-8111-111111111111', 'retail', '#2563eb');
const NYC = tag('22222222-2222-4222-8222-222222222222', 'nyc', '#fde68a');

function render(tags: TagWithUsage[], value: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(tagKeys.organization, tags);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={{} as ApiClient}>
        <TagFilter value={value} onChange={() => undefined} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('TagFilter', () => {
  it('offers every tag of the organization under "All tags" when none is picked', () => {
    const html = render([NYC, RETAIL], []);
    expect(html).toMatch(/aria-label="Tag"/);
    expect(html).toMatch(/<option value="" selected="">All tags<\/option><option value="2222[^"]*">nyc<\/option><option value="1111[^"]*">retail<\/option>/);
    expect(html).not.toContain('Filtered by tags');
  });

  it('shows the picked tags as chips in their colors, each dropped by its button, and offers only the others', () => {
    const html = render([NYC, RETAIL], [RETAIL.id]);
    expect(html).toContain('Add a tag…');
    expect(html).toMatch(/<option value="2222[^"]*">nyc<\/option>/);
    expect(html).not.toMatch(/<option value="1111[^"]*">retail<\/option>/);
    expect(html).toContain('<li class="tag-chip" style="background:#2563eb;color:#ffffff" data-filter-tag="retail">');
    expect(html).toContain('aria-label="Stop filtering by retail"');
  });

  it('says a tag the organization no longer has is unknown, and why there is nothing to pick', () => {
    expect(render([], [])).toContain('No tags yet');
    expect(render([RETAIL], ['33333333-3333-4333-8333-333333333333'])).toContain('Unknown tag');
  });
});
