import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { Project, ProjectResource } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { AddToProjectDialog } from './AddToProjectDialog';
import { projectKeys } from './queries';

const at = '2026-01-01T00:00:00.000Z';
const project = {
  id: 'p1',
  name: 'Field plans',
  description: '',
  folders: [{ id: 'f1', name: 'Stores', parentId: null, createdAt: at, updatedAt: at }],
  ownerId: 'u1',
  organizationId: 'o1',
  visibility: 'private',
  thumbnailSignedPostPolicy: null,
  createdAt: at,
  updatedAt: at,
} as Project;
const filed: ProjectResource = { id: 'e1', folderId: 'f1', resourceType: 'map', resource: { id: 'm1', name: 'Stores map', description: '', updatedAt: at }, createdAt: at, updatedAt: at };

function render(projects: Project[], entries: ProjectResource[], resourceId: string) {
  // The cache answers the reads, as it does once they have loaded; the client is never called while rendering.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(projectKeys.list('mine', ''), projects);
  queryClient.setQueryData(projectKeys.entries('p1'), entries);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={{} as ApiClient}>
        <AddToProjectDialog target={{ resourceType: 'map', resourceId, name: 'Stores map' }} onClose={() => undefined} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('AddToProjectDialog', () => {
  it('offers the user’s projects and every place in the chosen one, the top level first', () => {
    const html = render([project], [], 'm2');
    expect(html).toContain('<option value="p1" selected="">Field plans</option>');
    expect(html).toMatch(/<option value="" selected="">Project root<\/option><option value="f1">Stores<\/option>/);
    expect(html).toMatch(/<button[^>]*>Add<\/button>/);
  });

  it('moves a resource the project already holds instead of adding it twice', () => {
    const html = render([project], [filed], 'm1');
    expect(html).toContain('is already in this project: it moves to the place chosen.');
    expect(html).toMatch(/<button[^>]*>Move<\/button>/);
  });

  it('says why there is nothing to choose when the user has no project', () => {
    const html = render([], [], 'm1');
    expect(html).toContain('You have no projects yet. Create one under Projects in the navigation');
    expect(html).not.toMatch(/>Add<\/button>/);
  });
});
