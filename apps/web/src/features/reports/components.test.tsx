import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PublishedItem, PublishedItemSummary } from '@atlas/domain';
import { StoredInvitation } from './InviteDialog';
import { PickedDatasets } from './PublishReportDialog';
import { ReportTable, canManage } from './ReportsPage';
import { ReportView } from './ReportView';

const owner = { id: 'u-owner', isAdmin: false };
const base: PublishedItemSummary = {
  id: 'r1',
  resourceType: 'report',
  resourceId: null,
  name: 'Q3 visits',
  description: 'Quarterly',
  ownerId: 'u-owner',
  organizationId: 'o1',
  datasets: [
    { id: 'd1', name: 'Visits' },
    { id: 'd2', name: 'Stores' },
  ],
  passwordProtected: true,
  status: 'published',
  views: 3,
  publishedAt: '2026-01-03T10:00:00.000Z',
  url: '/public/report/r1',
  createdAt: '2026-01-03T09:00:00.000Z',
  updatedAt: '2026-01-03T10:00:00.000Z',
};
const pending: PublishedItemSummary = { ...base, id: 'r2', name: 'Draft', status: 'pending', passwordProtected: false, publishedAt: null, description: '' };

const table = (reports: PublishedItemSummary[], user = owner, showOwner = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ReportTable reports={reports} user={user} busy={false} showOwner={showOwner} />
    </MemoryRouter>,
  );

describe('ReportTable', () => {
  it('shows name, description, datasets, state, password and the actions its owner may use', () => {
    const html = table([base, pending]);
    expect(html).toContain('Q3 visits');
    expect(html).toContain('Quarterly');
    expect(html).toContain('Visits, Stores');
    expect(html).toContain('Published');
    expect(html).toContain('Pending');
    expect(html.match(/data-testid="report-password">([^<]*)</g)).toEqual(['data-testid="report-password">Set<', 'data-testid="report-password">None<']);
    // The published one opens at its public address and invites; the pending one is published from here.
    expect(html).toContain('href="/public/report/r1"');
    expect(html).not.toContain('href="/public/report/r2"');
    expect(html.match(/>Invite</g)).toHaveLength(1);
    expect(html).toContain('>Publish again<');
    expect(html).toContain('>Publish<');
  });

  it('offers no Invite or Publish on a report someone else owns, unless to an administrator', () => {
    const other = { ...base, ownerId: 'u-other' };
    const html = table([other], owner);
    expect(html).not.toContain('>Invite<');
    expect(html).not.toContain('Publish again');
    expect(html).toContain('>Open<');
    const admin = table([other], { id: 'u-admin', isAdmin: true }, true);
    expect(admin).toContain('>Invite<');
    expect(admin).toContain('Another user');
    expect(canManage(other, owner)).toBe(false);
    expect(canManage(other, { id: 'x', isAdmin: true })).toBe(true);
    expect(canManage(base, owner)).toBe(true);
  });
});

describe('StoredInvitation', () => {
  it('shows what the server stored', () => {
    const html = renderToStaticMarkup(
      <StoredInvitation invitation={{ invitationId: 'i1', emails: ['ann@example.com', 'bo@other.org'], description: 'Have a look', createdAt: '2026-01-03T10:00:00.000Z' }} onClose={() => undefined} />,
    );
    expect(html).toContain('2 addresses');
    expect(html).toContain('<li>ann@example.com</li><li>bo@other.org</li>');
    expect(html).toContain('Have a look');
    expect(html).toContain('sends no e-mail');
  });
});

describe('PickedDatasets', () => {
  it('lists the picked datasets, each removable, or says none is', () => {
    expect(renderToStaticMarkup(<PickedDatasets picked={[]} onRemove={() => undefined} />)).toContain('No dataset picked yet.');
    const html = renderToStaticMarkup(<PickedDatasets picked={base.datasets} onRemove={() => undefined} />);
    expect(html).toContain('aria-label="Remove Visits"');
    expect(html).toContain('aria-label="Remove Stores"');
  });
});

describe('ReportView', () => {
  const item = (config: Record<string, unknown>): Pick<PublishedItem, 'name' | 'description' | 'publishedAt' | 'datasets' | 'config'> => ({
    name: 'Q3 visits',
    description: 'Quarterly',
    publishedAt: base.publishedAt,
    datasets: base.datasets,
    config: { version: 'v1', config },
  });

  it('shows the report read-only: each dataset with its columns and first rows', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ReportView
          item={item({
            kind: 'dataset-preview',
            includeRows: true,
            takenAt: '2026-01-03T10:00:00.000Z',
            datasets: [
              { id: 'd1', columns: ['venue', 'visits'], rows: [['Café', 12], ['Bakery', null]], note: null },
              { id: 'd2', columns: ['store'], rows: [], note: null },
            ],
          })}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('Q3 visits');
    expect(html).toContain('Quarterly');
    expect(html).toContain('2 datasets');
    expect(html).toContain('<code class="report-dataset__column">venue</code>');
    expect(html).toContain('<td>Café</td><td>12</td>');
    expect(html).toContain('<td>Bakery</td><td></td>');
    expect(html).toContain('had no rows');
    expect(html).not.toContain('<input');
    expect(html).not.toContain('<button');
  });

  it('shows the dataset names alone when the snapshot holds no columns', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ReportView item={item({ panels: [] })} />
      </MemoryRouter>,
    );
    expect(html).toContain('Visits');
    expect(html).toContain('Stores');
    expect(html).toContain('holds no columns');
  });
});
