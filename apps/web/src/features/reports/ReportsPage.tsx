// /workspace/reports: the user's published reports (pending ones too), newest change first, a page at a time, with
// their datasets, state and password; makers publish new ones here. Each row opens the public page, invites people
// and publishes again (a new snapshot): offered to the report's owner or an administrator, as the server decides.
// Administrators may list every report (admin mode).
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublishedItemSummary, User } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useSearchUpdate, withChanges } from '../../ui/useSearchUpdate';
import { ListBody, ListTable, canCreate } from '../catalogue';
import { pageInfo, pageParam, parsePage } from '../catalogue/paging';
import { Modal } from '../sharing';
import { InviteDialog } from './InviteDialog';
import { PublishReportDialog } from './PublishReportDialog';
import { republishReport, stepText, type PublishStep } from './publishFlow';
import { reportKeys, useReportPage } from './queries';
import { PREVIEW_ROWS, statusLabel } from './reportModel';
import './reports.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const EMPTY_MAKER = 'You have published no reports yet. A report shows datasets you can read to anyone with its link, optionally behind a password: publish one.';
export const EMPTY_VIEWER = 'You have no reports: a viewer seat opens published reports by their link but does not publish them. Ask an administrator for a maker seat to publish one.';
export const EMPTY_EVERYONE = 'Nobody has published a report yet.';

/** The owner of a report and administrators manage it (the server's isOwnerOrAdministrator). */
export const canManage = (report: Pick<PublishedItemSummary, 'ownerId'>, user: Pick<User, 'id' | 'isAdmin'>) => user.isAdmin || report.ownerId === user.id;

export function ReportsPage() {
  useDocumentTitle('Reports');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const [search, updateSearch] = useSearchUpdate();
  const everyone = user.isAdmin && search.get('all') === '1';
  const requested = parsePage(search.get('page'));
  const [publishing, setPublishing] = useState(false);
  const list = useReportPage(requested, everyone);
  const page = pageInfo(list.data?.total ?? 0, requested);

  const update = (changes: Record<string, string | null>) => updateSearch((current) => withChanges(current, changes));
  // A page past the end (the list shrank, or an old address): go to the last page there is.
  const pastEnd = list.data !== undefined && requested > page.page;
  useEffect(() => {
    if (pastEnd) update({ page: pageParam(page.page) });
  });

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title="Reports" subtitle="Your published reports: datasets shown read-only to anyone with the link, optionally behind a password." />
        {maker && (
          <div className="catalogue-page__create">
            <button type="button" className="button button--primary" onClick={() => setPublishing(true)}>
              Publish report
            </button>
          </div>
        )}
      </div>
      <section className="card panel catalogue-list" aria-label="Report list">
        {user.isAdmin && (
          <div className="catalogue-list__tools">
            <div className="segmented" role="group" aria-label="Whose reports">
              <button type="button" className="segmented__option" aria-pressed={!everyone} onClick={() => update({ all: null, page: null })}>
                Mine
              </button>
              <button type="button" className="segmented__option" aria-pressed={everyone} onClick={() => update({ all: '1', page: null })}>
                Everyone’s (administrator)
              </button>
            </div>
          </div>
        )}
        <ListBody
          list={list}
          loading="Loading reports…"
          count={(data) => data.items.length}
          empty={everyone ? EMPTY_EVERYONE : maker ? EMPTY_MAKER : EMPTY_VIEWER}
          emptyTestId="reports-empty"
          pager={{ page, onPage: (next) => update({ page: pageParam(next) }) }}
        >
          {(data) => <ReportTable reports={data.items} user={user} busy={list.isFetching} showOwner={everyone} />}
        </ListBody>
      </section>
      {publishing && <PublishReportDialog onClose={() => setPublishing(false)} />}
    </div>
  );
}

type RowDialog = { kind: 'invite' | 'republish'; report: PublishedItemSummary } | null;

export function ReportTable({ reports, user, busy, showOwner }: { reports: readonly PublishedItemSummary[]; user: Pick<User, 'id' | 'isAdmin'>; busy: boolean; showOwner: boolean }) {
  const [dialog, setDialog] = useState<RowDialog>(null);
  return (
    <>
      <ListTable
        block="reports-table"
        label="Reports"
        busy={busy}
        columns={['Name', ...(showOwner ? ['Owner'] : []), 'Datasets', 'State', 'Password', 'Updated']}
      >
        {reports.map((report) => (
          <tr key={report.id} data-report={report.id}>
            <th scope="row">
              <span className="reports-table__name">{report.name}</span>
              {report.description && <span className="reports-table__description">{report.description}</span>}
            </th>
            {showOwner && <td className="reports-table__owner">{report.ownerId === user.id ? 'You' : 'Another user'}</td>}
            <td className="reports-table__datasets">{report.datasets.map((dataset) => dataset.name).join(', ') || '—'}</td>
            <td>
              <span className={`report-state report-state--${report.status}`} data-testid="report-state">
                {statusLabel(report)}
              </span>
            </td>
            <td data-testid="report-password">{report.passwordProtected ? 'Set' : 'None'}</td>
            <td className="reports-table__date">{dateFormat.format(new Date(report.updatedAt))}</td>
            <td>
              <div className="reports-table__actions">
                {report.status === 'published' && (
                  <a className="button button--ghost" href={paths.publicReport(report.id)} target="_blank" rel="noreferrer">
                    Open
                  </a>
                )}
                {canManage(report, user) && (
                  <>
                    {report.status === 'published' && (
                      <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'invite', report })}>
                        Invite
                      </button>
                    )}
                    <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'republish', report })}>
                      {report.status === 'published' ? 'Publish again' : 'Publish'}
                    </button>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </ListTable>
      {dialog?.kind === 'invite' && <InviteDialog report={dialog.report} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'republish' && <RepublishDialog report={dialog.report} onClose={() => setDialog(null)} />}
    </>
  );
}

/** Publishing a pending report, or again: a new snapshot of its datasets replaces the public one; name, password stay. */
function RepublishDialog({ report, onClose }: { report: PublishedItemSummary; onClose(): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [includeRows, setIncludeRows] = useState(true);
  const [step, setStep] = useState<PublishStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const again = report.status === 'published';

  const run = async () => {
    setFailure(null);
    try {
      await republishReport(client, report, includeRows, setStep);
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    } catch (error) {
      setFailure(`Could not publish the report: ${errorText(error)}`);
    } finally {
      setStep(null);
    }
  };

  return (
    <Modal title={`${again ? 'Publish again' : 'Publish'} “${report.name}”`} onClose={onClose}>
      <div className="report-dialog" data-testid="republish-dialog">
        {done ? (
          <p role="status">The report is published with a new copy of its datasets.</p>
        ) : (
          <>
            <p>
              {again ? 'The public report is replaced' : 'The report is published'} with a copy of its datasets taken now ({report.datasets.map((d) => d.name).join(', ')}). Its name,
              description and password stay.
            </p>
            <label className="report-dialog__check">
              <input type="checkbox" checked={includeRows} disabled={step !== null} onChange={(event) => setIncludeRows(event.target.checked)} />
              Include the first {PREVIEW_ROWS} rows of each dataset (otherwise only its columns)
            </label>
          </>
        )}
        {step && (
          <p className="report-dialog__progress" role="status">
            {stepText(step)}
          </p>
        )}
        {failure && (
          <p className="form__error" role="alert">
            {failure}
          </p>
        )}
        <div className="report-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={step !== null}>
            {done ? 'Close' : 'Cancel'}
          </button>
          {!done && (
            <button type="button" className="button button--primary" onClick={() => void run()} disabled={step !== null}>
              {step ? 'Publishing…' : again ? 'Publish again' : 'Publish'}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
