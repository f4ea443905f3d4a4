// /workbook/{id}: the workbook editor (docs/workbooks.md). The workbook opens with its lock taken when the user may
// write and nobody else edits it; then cells can be added, run, shown as table, chart or map, saved as datasets, and
// the workbook saved as a new state (`/v1/workbook-states`). Anyone else reads it: the cells and the datasets their
// results were saved as, without a control they could not use, and, when another editor holds the lock, who and since when.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueRecord, Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState';
import { Facts } from '../../ui/Facts';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { recordAbilities, useReadableConnections } from '../catalogue';
import { PageFrame } from '../dashboards/PageFrame';
import { useLeaveGuard } from '../map-builder/useLeaveGuard';
import { useReadableDatasets } from '../queries/queries';
import { ShareDialog } from '../sharing';
import { TagEditor } from '../tags';
import { CellCard } from './CellCard';
import { newCell, parseWorkbookState, sameDocument, serializeWorkbookState, type Cell, type CellKind, type WorkbookDocument } from './cells';
import { useWorkbookOpen, workbookKeys, type WorkbookAccess } from './queries';
import { useWorkbookLock } from './useWorkbookLock';
import './workbooks.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function WorkbookPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const opened = useWorkbookOpen(id, user.id);
  useDocumentTitle(opened.data?.record.name ?? 'Workbook');
  return (
    <PageFrame>
      {opened.isError ? (
        <ErrorState title="Could not open this workbook" message={errorText(opened.error)} onRetry={() => void opened.refetch()} />
      ) : opened.data ? (
        <WorkbookEditor key={opened.data.record.id} opened={opened.data} />
      ) : (
        <div className="workbook-loading">
          <Spinner label="Opening the workbook…" />
        </div>
      )}
    </PageFrame>
  );
}

function WorkbookEditor({ opened }: { opened: { record: CatalogueRecord; access: WorkbookAccess } }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const [record, setRecord] = useState(opened.record);
  const abilities = recordAbilities(record, user);
  const editing = opened.access.mode === 'edit';
  const [saved, setSaved] = useState<{ stateId: string | null; document: WorkbookDocument }>(() => ({
    stateId: record.latestState?.id ?? null,
    document: parseWorkbookState(record.latestState?.data),
  }));
  const [document, setDocument] = useState(saved.document);
  const [sharing, setSharing] = useState(false);
  const connections = useReadableConnections();
  const datasets = useReadableDatasets();
  useWorkbookLock(record.id, editing);
  const dirty = editing && !sameDocument(document, saved.document);
  const named = useMemo(() => namedDatasets(datasets.data ?? [], record.datasets), [datasets.data, record.datasets]);

  const save = useMutation({
    mutationFn: async (toSave: WorkbookDocument) => {
      const data = serializeWorkbookState(toSave);
      const state = saved.stateId ? await client.workbookStates.update(saved.stateId, data, { acquireLock: true }) : await client.workbookStates.create({ workbookId: record.id, data });
      return { stateId: state.id, document: toSave };
    },
    onSuccess: (next) => {
      setSaved(next);
      void queryClient.invalidateQueries({ queryKey: workbookKeys.all, refetchType: 'none' });
    },
  });
  const blocker = useLeaveGuard(dirty && !save.isPending);

  const patchCell = (id: string, patch: Partial<Cell>) =>
    setDocument((current) => ({ ...current, cells: current.cells.map((item) => (item.id === id ? { ...item, ...patch } : item)) }));
  const addCell = (kind: CellKind) => setDocument((current) => ({ ...current, cells: [...current.cells, newCell(kind)] }));
  const removeCell = (id: string) => setDocument((current) => ({ ...current, cells: current.cells.filter((item) => item.id !== id) }));
  const onSaved = (dataset: Dataset) => {
    void queryClient.invalidateQueries({ queryKey: ['datasets'] });
    void client.workbooks.get(record.id).then(setRecord, () => undefined);
    void datasets.refetch();
    return dataset;
  };

  return (
    <div className="page workbook-page">
      <div className="workbook-page__head">
        <PageHeader title={record.name} subtitle={record.description || 'Workbook'} />
        <div className="workbook-page__actions">
          {editing && (
            <button type="button" className="button button--primary" disabled={!dirty || save.isPending} onClick={() => save.mutate(document)} data-testid="workbook-save">
              {save.isPending ? 'Saving…' : dirty ? 'Save workbook' : 'Saved'}
            </button>
          )}
          {abilities.share && (
            <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
              Share
            </button>
          )}
          <Link to={paths.workbooks()} className="button button--ghost">
            All workbooks
          </Link>
        </div>
      </div>
      <AccessNotice access={opened.access} />
      {save.isError && (
        <p className="form__error" role="alert">
          Could not save the workbook: {errorText(save.error)}
        </p>
      )}
      <WorkbookFacts record={record} canEdit={abilities.write} reload={() => client.workbooks.get(record.id).then(setRecord)} />
      <div className="workbook-cells">
        {document.cells.length === 0 && (
          <p className="card panel catalogue-list__empty" data-testid="workbook-empty">
            {editing ? 'This workbook has no cell yet: add a SQL cell (over your datasets or a connection) or a pipeline cell.' : 'This workbook has no cell yet.'}
          </p>
        )}
        {document.cells.map((cell, index) => (
          <CellCard
            key={cell.id}
            cell={cell}
            index={index}
            editing={editing}
            workbook={{ id: record.id, name: record.name }}
            connections={connections.data ?? []}
            datasets={named}
            onChange={(next) => patchCell(cell.id, next)}
            onPatch={(patch) => patchCell(cell.id, patch)}
            onRemove={() => removeCell(cell.id)}
            onSaved={onSaved}
          />
        ))}
      </div>
      {editing && (
        <div className="workbook-page__add">
          <button type="button" className="button button--ghost" onClick={() => addCell('sql')}>
            Add SQL cell
          </button>
          <button type="button" className="button button--ghost" onClick={() => addCell('pipeline')}>
            Add pipeline cell
          </button>
        </div>
      )}
      {sharing && <ShareDialog target={{ resourceType: 'workbook', resourceId: record.id, name: record.name, lock: record.lock }} onClose={() => setSharing(false)} />}
      {blocker.state === 'blocked' && (
        <ConfirmDialog title="Leave without saving?" confirmLabel="Leave" onConfirm={() => blocker.proceed()} onClose={() => blocker.reset()}>
          <p>This workbook has changes that are not saved. They are lost if you leave.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The readable datasets, then the workbook's own that are not among them (a reader sees their names on the record). */
function namedDatasets(readable: readonly Dataset[], own: CatalogueRecord['datasets']): Array<Pick<Dataset, 'id' | 'name'>> {
  const known = new Set(readable.map((dataset) => dataset.id));
  return [...readable, ...own.filter((dataset) => !known.has(dataset.id))];
}

const timeOf = (iso: string) => dateFormat.format(new Date(iso));

function AccessNotice({ access }: { access: WorkbookAccess }) {
  if (access.mode === 'locked')
    return (
      <p className="workbook-page__notice" role="status" data-testid="lock-notice">
        Locked for editing by {access.lock.ownerName} since {timeOf(access.lock.acquiredAt)}. You see this workbook read-only; the lock ends when they leave, or at{' '}
        {timeOf(access.lock.expiresAt)} if they are gone.
      </p>
    );
  if (access.mode === 'view')
    return (
      <p className="workbook-page__notice" role="status" data-testid="view-notice">
        You can read this workbook but not edit or run it.
      </p>
    );
  return null;
}

function WorkbookFacts({ record, canEdit, reload }: { record: CatalogueRecord; canEdit: boolean; reload(): Promise<unknown> }) {
  return (
    <section className="card panel workbook-page__details" aria-labelledby="workbook-details">
      <h2 id="workbook-details" className="panel__title">
        Details
      </h2>
      <Facts
        items={[
          { label: 'Name', value: record.name, testId: 'workbook-name' },
          {
            label: 'Datasets',
            testId: 'workbook-datasets',
            value: record.datasets.length ? (
              <ul className="workbook-page__datasets">
                {record.datasets.map((dataset) => (
                  <li key={dataset.id}>
                    <Link to={paths.dataset(dataset.id)}>{dataset.name}</Link> <span className="workbook-page__muted">({dataset.type})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="workbook-page__muted">No dataset</span>
            ),
          },
          { label: 'Tags', value: <TagEditor resourceType="workbook" resourceId={record.id} tags={record.tags} canEdit={canEdit} onChanged={reload} /> },
          { label: 'Owner', value: record.owner.name },
          { label: 'Created', value: dateFormat.format(new Date(record.createdAt)), testId: 'workbook-created' },
          { label: 'Last changed', value: dateFormat.format(new Date(record.updatedAt)) },
        ]}
      />
    </section>
  );
}
