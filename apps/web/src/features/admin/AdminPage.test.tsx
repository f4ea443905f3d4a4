import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@atlas/client';
import type { User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { AdminPage } from './AdminPage';

const user = (isAdmin: boolean) => ({ id: 'u1', name: 'Someone', email: 'someone@example.com', isAdmin, organization: { id: 'o1', name: 'Demo' }, seat: 'maker' }) as User;

// Server rendering runs no query: what shows is what the page decides before any answer arrives.
const render = (isAdmin: boolean, address = '/admin') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={new QueryClient()}>
        <ApiClientProvider client={createApiClient({ baseUrl: 'http://studio.test', getToken: () => null })}>
          <SignedInUserProvider user={user(isAdmin)}>
            <AdminPage />
          </SignedInUserProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('AdminPage', () => {
  it('refuses a user who is not an administrator, without any part of the console', () => {
    const html = render(false);
    expect(html).toContain('Administrator rights required');
    expect(html).toContain('href="/workspace"');
    expect(html).not.toContain('Administration sections');
    expect(html).not.toContain('New organization');
  });

  it('opens the organizations for an administrator, and the section the address names', () => {
    const organizations = render(true);
    expect(organizations).not.toContain('Administrator rights required');
    expect(organizations).toContain('Administration sections');
    expect(organizations).toContain('New organization');
    expect(organizations).toContain('Loading organizations…');
    const invitations = render(true, '/admin?section=invitations');
    expect(invitations).toContain('Loading invitations…');
    expect(invitations).not.toContain('New organization');
  });

  it('opens the newer sections from the address, each waiting for its answer or its input', () => {
    expect(render(true, '/admin?section=published-maps')).toContain('Loading published maps…');
    const reconciliation = render(true, '/admin?section=quota-reconciliation');
    expect(reconciliation).toContain('Dry run');
    // The real run is offered only after a dry run of the same quota type.
    expect(reconciliation).not.toContain('>Apply<');
    expect(render(true, '/admin?section=resources')).toContain('Enter the id of a map, dashboard, workbook or dataset');
    expect(render(true, '/admin?section=resources&type=dataset&id=d1')).toContain('Loading the dataset…');
    expect(render(true, '/admin?section=email-flags')).toContain('Enter an address');
    expect(render(true, '/admin?section=email-flags&email=a%40example.org')).toContain('Loading the flags…');
  });
});
