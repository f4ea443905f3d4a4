import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@atlas/client';
import type { CallerAction, Project, User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { CatalogueCard } from '../catalogue';
import { ProjectCard } from '../projects/ProjectCard';
import { TagSelectBox, TagSelectHeader } from './TagSelect';
import type { TagSelection } from './useTagSelection';

const user = { id: 'u1', seat: 'maker', organization: { id: 'o1' } } as unknown as User;
const selection = (ids: string[]): TagSelection => ({ picked: ids.map((id) => ({ id, name: id })), has: (id) => ids.includes(id), toggle: () => undefined, keep: () => undefined, clear: () => undefined });
const box = (picked: string[] = []) => renderToStaticMarkup(<TagSelectBox record={{ id: 'm1', name: 'Stores map' }} selection={selection(picked)} />);

function render(children: ReactNode) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientProvider client={{} as ApiClient}>
        <SignedInUserProvider user={user}>
          <MemoryRouter>{children}</MemoryRouter>
        </SignedInUserProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe('TagSelectBox / TagSelectHeader', () => {
  it('names the record it picks, and shows whether it is picked', () => {
    expect(box()).toContain('aria-label="Select Stores map for tagging"');
    expect(box()).toContain('data-tag-select="m1"');
    expect(box(['m1'])).toContain('checked=""');
    expect(box()).not.toContain('checked');
  });

  it('heads a table’s pick column with a name for screen readers', () => {
    expect(renderToStaticMarkup(<TagSelectHeader />)).toBe('<th scope="col" class="tag-table-select"><span class="visually-hidden">Select for tagging</span></th>');
  });
});

describe('the pick box slot of the cards', () => {
  it('puts the pick box over the picture of a catalogue card', () => {
    const html = render(<CatalogueCard marker={{ 'data-map': 'm1' }} picture={null} name="Stores map" meta="You" select={<input type="checkbox" />} />);
    expect(html).toMatch(/^<li class="card catalogue-card" data-map="m1"><span class="catalogue-card__select"><input type="checkbox"\/><\/span><div class="catalogue-card__picture">/);
    expect(render(<CatalogueCard marker={{ 'data-map': 'm1' }} picture={null} name="Stores map" meta="You" />)).not.toContain('catalogue-card__select');
  });

  it('shows a project’s pick box only when the user may write it, and its tags', () => {
    const project = (actions: CallerAction[]) =>
      ({ id: 'p1', name: 'Field plans', description: '', folders: [], ownerId: 'u1', organizationId: 'o1', actions, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }) as unknown as Project;
    const tags = [{ id: 't1', name: 'retail', color: '#2563eb' }];
    const card = (actions: CallerAction[]) => render(<ProjectCard project={project(actions)} tags={tags} select={<TagSelectBox record={{ id: 'p1', name: 'Field plans' }} selection={selection([])} />} />);
    expect(card(['read', 'write'])).toContain('data-tag-select="p1"');
    expect(card(['read'])).not.toContain('data-tag-select');
    expect(card(['read'])).toContain('data-tag="retail"');
  });
});
