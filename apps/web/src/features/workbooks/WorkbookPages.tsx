// /workbook/new (optional ?datasetId=): creates a workbook tied to the dataset and opens it; /workbook/{id}: the
// workbook page (name, datasets, dates, sharing). Creating replaces the address with /workbook/{id}, so a reload
// opens the same workbook instead of creating another.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { Facts } from '../../ui/Facts';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageFrame } from '../dashboards/PageFrame';
import { ShareDialog } from '../sharing';
import './workbooks.css';

const NEW_WORKBOOK_NAME = 'Untitled workbook';
const workbookKey = (id: string) => ['workbooks', 'one', id] as const;
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function NewWorkbookPage() {
  useDocumentTitle('New workbook');
  const [search] = useSearchParams();
  const datasetId = search.get('datasetId') || undefined;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () => client.workbooks.create({ name: NEW_WORKBOOK_NAME, ...(datasetId ? { datasets: [datasetId] } : {}) }),
    onSuccess: (record) => {
      queryClient.setQueryData(workbookKey(record.id), record);
      navigate(paths.workbook(record.id), { replace: true });
    },
  });
  // Create once per visit of the address, also when development mode runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate();
  }, [create]);

  return (
    <PageFrame>
      {create.isError ? (
        <ErrorState title="Could not create the workbook" message={errorText(create.error)} onRetry={() => create.mutate()} />
      ) : (
        <div className="workbook-loading">
          <Spinner label="Creating the workbook…" />
        </div>
      )}
    </PageFrame>
  );
}

export function WorkbookPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const workbook = useQuery<CatalogueRecord>({ queryKey: workbookKey(id), queryFn: () => client.workbooks.get(id) });
  useDocumentTitle(workbook.data?.name ?? 'Workbook');
  return (
    <PageFrame>
      {workbook.isError ? (
        <ErrorState title="Could not open this workbook" message={errorText(workbook.error)} onRetry={() => void workbook.refetch()} />
      ) : workbook.data ? (
        <WorkbookDetails record={workbook.data} />
      ) : (
        <div className="workbook-loading">
          <Spinner label="Opening the workbook…" />
        </div>
      )}
    </PageFrame>
  );
}

function WorkbookDetails({ record }: { record: CatalogueRecord }) {
  const [sharing, setSharing] = useState(false);
  return (
    <div className="page workbook-page">
      <div className="workbook-page__head">
        <PageHeader title={record.name} subtitle={record.description || 'Workbook'} />
        <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
          Share
        </button>
      </div>
      <section className="card panel" aria-labelledby="workbook-details">
        <h2 id="workbook-details" className="panel__title">
          Details
        </h2>
        <Facts
          items={[
            { label: 'Name', value: record.name, testId: 'workbook-name' },
            {
              label: 'Dataset',
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
            { label: 'Created', value: dateFormat.format(new Date(record.createdAt)), testId: 'workbook-created' },
            { label: 'Last changed', value: dateFormat.format(new Date(record.updatedAt)) },
          ]}
        />
      </section>
      <p className="workbook-page__note">The workbook editor is not available in this version; the workbook is saved and can be shared.</p>
      {sharing && <ShareDialog target={{ resourceType: 'workbook', resourceId: record.id, name: record.name }} onClose={() => setSharing(false)} />}
    </div>
  );
}
