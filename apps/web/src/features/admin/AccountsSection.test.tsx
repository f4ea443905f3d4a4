import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@atlas/client';
import type { Organization, User } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { AccountsSection, MergeReport } from './AccountsSection';
import { MERGE_COUNT_LABELS, type MergeAccountsResult, type MergeCounts } from './accounts';
import { AdminPage } from './AdminPage';
import { OrganizationsSection } from './OrganizationsSection';
import { pageOf } from './paging';
import { ProvisionDialog, ProvisionReport } from './ProvisionDialog';
import { adminKeys } from './queries';

const admin = { id: 'u1', name: 'Admin', email: 'admin@example.com', isAdmin: true, organization: { id: 'o1', name: 'Demo' }, seat: 'maker' } as User;
const render = (node: ReactNode, address = '/admin') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={new QueryClient()}>
        <ApiClientProvider client={createApiClient({ baseUrl: 'http://studio.test', getToken: () => null })}>
          <SignedInUserProvider user={admin}>{node}</SignedInUserProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );

const zero = Object.fromEntries(Object.keys(MERGE_COUNT_LABELS).map((kind) => [kind, 0])) as MergeCounts;
const usage = { maps: 1, datasets: 0, insights: 0, workbooks: 0, dataConnections: 0, storageMegabytes: 0 };
const report = (dryRun: boolean, counts: Partial<MergeCounts>, overLimit: MergeAccountsResult['overLimit'] = []): MergeAccountsResult => ({
  message: dryRun ? 'Dry run, nothing changed: 2 resource(s) would move' : '2 resource(s) moved',
  dryRun,
  primary: { id: 'p', email: 'p@example.com', name: 'P' },
  secondaries: [{ id: 's', email: 's@example.com', name: 'S' }],
  counts: { ...zero, ...counts },
  quotaUsage: { before: usage, after: { ...usage, maps: 3 } },
  overLimit,
});

describe('AccountsSection', () => {
  it('is the Accounts tab of the console and starts by asking for a search, with nothing to merge yet', () => {
    const html = render(<AdminPage />, '/admin?section=accounts');
    expect(html).toContain('>Accounts</button>');
    expect(html).toContain('Find the accounts to merge by a part of their name or their whole e-mail address.');
    expect(html).toContain('None yet: find a user and choose “Primary”.');
    // Nothing is summarized or merged before a primary and a secondary are picked.
    expect(html).toMatch(/<button type="button" class="button button--ghost" disabled="">Show what will move<\/button>/);
    expect(html).not.toContain('Merge accounts');
    expect(render(<AccountsSection />)).toContain('aria-label="Accounts"');
  });

  it('summarizes a dry run: what will move, the primary’s quota use and any limit it passes', () => {
    const html = render(<MergeReport report={report(true, { maps: 2, grantsMerged: 1 }, ['maps'])} />);
    expect(html).toContain('aria-label="What will move"');
    expect(html).toContain('Dry run, nothing changed');
    expect(html).toContain('What will move to the primary');
    expect(html).toContain('<th scope="row">Maps</th><td class="num">2</td>');
    expect(html).toContain('Grants folded into one (the higher role kept)');
    expect(html).not.toContain('Datasets');
    expect(html).toContain('Quota use of p@example.com: maps 1 → 3.');
    expect(html).toContain('p@example.com will be above their limit for maps');
  });

  it('reports a merge as done, and a merge of empty accounts as only disabling them', () => {
    const done = render(<MergeReport report={report(false, { maps: 2 })} />);
    expect(done).toContain('admin-report__message--done');
    expect(done).toContain('What moved to the primary');
    expect(render(<MergeReport report={report(false, {})} />)).toContain('they were only disabled');
  });
});

describe('ProvisionReport', () => {
  it('says what provisioning did, with the demo datasets', () => {
    const html = render(
      <ProvisionReport
        result={{
          message: 'Acme provisioned: 8 default flag(s) switched on',
          organization: { id: 'o2', name: 'Acme' },
          makerQuotaPolicy: 'maker',
          flagsEnabled: ['workbooks-enabled'],
          demoData: { status: 'loaded', ownerId: 'u2', visits: 20000, datasets: [{ id: 'd1', name: 'Foot traffic: visits', table: 'visits' }] },
        }}
      />,
    );
    expect(html).toContain('Acme provisioned: 8 default flag(s) switched on');
    expect(html).toContain('Switched on: workbooks-enabled.');
    expect(html).toContain('<li>Foot traffic: visits</li>');
  });

  it('offers Provision on every organization row, and demo data only when a maker can own it', () => {
    const organization = { id: 'o2', name: 'Acme', makerQuotaPolicy: null, makerRoleUsersCount: 0, viewerRoleUsersCount: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' } as Organization;
    const queryClient = new QueryClient();
    queryClient.setQueryData(adminKeys.organizations('', 1), pageOf([organization], 1));
    const list = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/admin']}>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={createApiClient({ baseUrl: 'http://studio.test', getToken: () => null })}>
            <SignedInUserProvider user={admin}>
              <OrganizationsSection />
            </SignedInUserProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(list).toContain('>Provision</button>');
    const dialog = render(<ProvisionDialog organization={organization} onClose={() => undefined} />);
    expect(dialog).toContain('Provision Acme');
    expect(dialog).toContain('Demo data needs a maker to own it: Acme has none yet.');
    expect(dialog).toMatch(/<input type="checkbox" disabled=""/);
    const withMaker = render(<ProvisionDialog organization={{ ...organization, makerRoleUsersCount: 1 }} onClose={() => undefined} />);
    expect(withMaker).not.toContain('Demo data needs a maker');
    expect(withMaker).toContain('Also load demo data');
  });
});
