// /workbook/new (optional ?datasetId=): a form that names the new workbook and shows the dataset it starts from.
// Nothing is created until the user presses "Create workbook" (docs/workbooks.md): a visit, a reload or React running
// effects twice creates nothing. Creating replaces the address with /workbook/{id}, so going back or reloading opens
// that workbook instead of offering to create another. A viewer seat is told why it cannot create one.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canCreate } from '../catalogue';
import { PageFrame } from '../dashboards/PageFrame';
import { useDataset } from '../datasets/queries';
import { workbookKeys } from './queries';
import './workbooks.css';

export const NEW_WORKBOOK_NAME = 'Untitled workbook';

export function NewWorkbookPage() {
  useDocumentTitle('New workbook');
  const user = useSignedInUser();
  return <PageFrame>{canCreate(user) ? <NewWorkbookForm /> : <ViewerSeatNotice />}</PageFrame>;
}

/** What a viewer seat sees instead of a form the server would refuse. */
function ViewerSeatNotice() {
  return (
    <div className="card state-card" data-testid="new-workbook-viewer">
      <h1 className="state-card__title">Workbooks are created by makers</h1>
      <p className="state-card__text">
        Your seat in the organization is a viewer seat: you can open the workbooks that are shared with you or with your organization, but not create
        one. An administrator can give you a maker seat.
      </p>
      <Link to={paths.workbooks()} className="button button--primary">
        See the workbooks
      </Link>
    </div>
  );
}

function NewWorkbookForm() {
  const [search] = useSearchParams();
  const datasetId = search.get('datasetId') || undefined;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(NEW_WORKBOOK_NAME);
  // One creation per press: a second press (or Enter) before the page has re-rendered with the button disabled is ignored.
  const submitted = useRef(false);
  const create = useMutation({
    mutationFn: (workbookName: string) => client.workbooks.create({ name: workbookName, ...(datasetId ? { datasets: [datasetId] } : {}) }),
    onSuccess: async (record) => {
      queryClient.setQueryData(workbookKeys.one(record.id), record);
      navigate(paths.workbook(record.id), { replace: true });
      await queryClient.invalidateQueries({ queryKey: workbookKeys.all, refetchType: 'none' });
    },
    onError: () => {
      submitted.current = false;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitted.current || !name.trim()) return;
    submitted.current = true;
    create.mutate(name.trim());
  };
  const busy = create.isPending || create.isSuccess;

  return (
    <div className="page new-workbook">
      <PageHeader title="New workbook" subtitle="Name the workbook, then create it. Nothing is saved until you do." />
      <form className="card panel new-workbook__form" onSubmit={submit} aria-label="New workbook">
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" value={name} maxLength={200} required disabled={busy} onChange={(event) => setName(event.target.value)} aria-label="Name" />
        </label>
        {datasetId && <StartingDataset id={datasetId} />}
        {create.isError && (
          <p className="form__error" role="alert">
            Could not create the workbook: {errorText(create.error)}
          </p>
        )}
        <div className="new-workbook__actions">
          <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
            {busy ? 'Creating…' : 'Create workbook'}
          </button>
          <Link to={paths.workbooks()} className="button button--ghost">
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}

/** The dataset named by ?datasetId=, which the workbook will start with. */
function StartingDataset({ id }: { id: string }) {
  const dataset = useDataset(id);
  return (
    <div className="field">
      <span className="field__label">Dataset</span>
      {dataset.isError ? (
        <p className="form__error" role="alert">
          {errorText(dataset.error)}
        </p>
      ) : (
        <span data-testid="new-workbook-dataset">{dataset.data ? <Link to={paths.dataset(id)}>{dataset.data.name}</Link> : 'Loading the dataset…'}</span>
      )}
    </div>
  );
}
