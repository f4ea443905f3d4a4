import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { ResourceType, TagSummary, TagWithUsage, User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { useListAddress } from '../catalogue';
import { tagKeys } from './queries';
import { useListTags, type TaggableRecord } from './useListTags';

const at = '2026-01-01T00:00:00.000Z';
const RETAIL: TagWithUsage = { id: '11111111-1111-4111-8111-111111111111', name: 'retail', color: '#2563eb', organizationId: 'o1', usageCount: 2, createdAt: at, updatedAt: at };
const NYC: TagWithUsage = { ...RETAIL, id: '22222222-2222-4222-8222-222222222222', name: 'nyc' };
const chip = ({ id, name, color }: TagWithUsage): TagSummary => ({ id, name, color });
const maker = { id: 'u1', seat: 'maker', organization: { id: 'o1' } } as unknown as User;
const viewer = { ...maker, seat: 'viewer' } as unknown as User;

/** What a list page gets from the hook, as text. */
function Probe({ resourceType, records }: { resourceType: ResourceType; records: TaggableRecord[] }) {
  const tags = useListTags(resourceType, { plural: 'maps', address: useListAddress(), listKey: ['maps'] });
  return (
    <>
      <output>{JSON.stringify({ ids: tags.ids, described: tags.described, kept: tags.keep(records).map((record) => record.name), tagsOf: records.map((record) => tags.tagsOf(record).map((tag) => tag.name)) })}</output>
      {records.map((record) => (
        <span key={record.id}>{tags.select?.(record)}</span>
      ))}
      {tags.filter}
      {tags.bar}
    </>
  );
}

function render(user: User, address: string, resourceType: ResourceType, records: TaggableRecord[], index?: Map<string, TagSummary[]>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(tagKeys.organization, [NYC, RETAIL]);
  if (index) queryClient.setQueryData(tagKeys.forType(resourceType), index);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={{} as ApiClient}>
        <SignedInUserProvider user={user}>
          <MemoryRouter initialEntries={[address]}>
            <Probe resourceType={resourceType} records={records} />
          </MemoryRouter>
        </SignedInUserProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  const output = /<output>(.*?)<\/output>/.exec(html)?.[1]?.replaceAll('&quot;', '"') ?? '{}';
  return { html, ...(JSON.parse(output) as { ids: string[]; described: string | null; kept: string[]; tagsOf: string[][] }) };
}

const maps: TaggableRecord[] = [
  { id: 'm1', name: 'Stores', tags: [chip(RETAIL), chip(NYC)] },
  { id: 'm2', name: 'Visits', tags: [chip(RETAIL)] },
  { id: 'm3', name: 'Zones', tags: [] },
];

describe('useListTags', () => {
  it('keeps the records carrying every tag of the address, and says which tags emptied a list', () => {
    const one = render(maker, `/maps?tags=${RETAIL.id}`, 'map', maps);
    expect(one).toMatchObject({ ids: [RETAIL.id], described: 'the tag “retail”', kept: ['Stores', 'Visits'] });
    const both = render(maker, `/maps?tags=${RETAIL.id},${NYC.id}`, 'map', maps);
    expect(both).toMatchObject({ described: 'the tags “retail” and “nyc”', kept: ['Stores'] });
    expect(render(maker, '/maps', 'map', maps)).toMatchObject({ ids: [], described: null, kept: ['Stores', 'Visits', 'Zones'] });
  });

  it('reads the tags of records whose answers carry none from the organization’s tags on their type', () => {
    const projects = [
      { id: 'p1', name: 'Field plans' },
      { id: 'p2', name: 'Budget' },
    ];
    const probe = render(maker, `/projects?tags=${NYC.id}`, 'project', projects, new Map([['p2', [chip(NYC)]]]));
    expect(probe).toMatchObject({ kept: ['Budget'], tagsOf: [[], ['nyc']] });
  });

  it('gives a maker a pick box per record and the bulk bar, a viewer seat only the filter', () => {
    const forMaker = render(maker, '/maps', 'map', maps);
    for (const id of ['m1', 'm2', 'm3']) expect(forMaker.html).toContain(`data-tag-select="${id}"`);
    expect(forMaker.html).toContain('aria-label="Bulk tagging"');
    expect(forMaker.html).toContain('aria-label="Tag filter"');
    const forViewer = render(viewer, '/maps', 'map', maps);
    expect(forViewer.html).not.toContain('data-tag-select');
    expect(forViewer.html).not.toContain('aria-label="Bulk tagging"');
    expect(forViewer.html).toContain('aria-label="Tag filter"');
  });
});
