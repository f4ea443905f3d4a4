// /workbook/{id}: the workbook page (name, datasets, tags, dates), with Share and tag changes for those who may.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ErrorState } from '../../ui/ErrorState';
import { Facts } from '../../ui/Facts';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { recordAbilities } from '../catalogue';
import { PageFrame } from '../dashboards/PageFrame';
import { ShareDialog } from '../sharing';
import { TagEditor } from '../tags';
import { useWorkbook } from './queries';
import './workbooks.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function WorkbookPage() {
  const { id = '' } = useParams();
  const workbook = useWorkbook(id);
  useDocumentTitle(workbook.data?.name ?? 'Workbook');
  return (
    <PageFrame>
      {workbook.isError ? (
        <ErrorState title="Could not open this workbook" message={errorText(workbook.error)} onRetry={() => void workbook.refetch()} />
      ) : workbook.data ? (
        <WorkbookDetails record={workbook.data} reload={() => workbook.refetch()} />
      ) : (
        <div className="workbook-loading">
          <Spinner label="Opening the workbook…" />
        </div>
      )}
    </PageFrame>
  );
}

function WorkbookDetails({ record, reload }: { record: CatalogueRecord; reload(): Promise<unknown> }) {
  const user = useSignedInUser();
  const abilities = recordAbilities(record, user);
  const [sharing, setSharing] = useState(false);
  return (
    <div className="page workbook-page">
      <div className="workbook-page__head">
        <PageHeader title={record.name} subtitle={record.description || 'Workbook'} />
        {abilities.share && (
          <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
            Share
          </button>
        )}
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
            { label: 'Tags', value: <TagEditor resourceType="workbook" resourceId={record.id} tags={record.tags} canEdit={abilities.write} onChanged={reload} /> },
            { label: 'Created', value: dateFormat.format(new Date(record.createdAt)), testId: 'workbook-created' },
            { label: 'Last changed', value: dateFormat.format(new Date(record.updatedAt)) },
          ]}
        />
      </section>
      <p className="workbook-page__note">
        The workbook editor is not available in this version; the workbook is saved{abilities.share ? ' and can be shared' : ''}. <Link to={paths.workbooks()}>All workbooks</Link>
      </p>
      {sharing && <ShareDialog target={{ resourceType: 'workbook', resourceId: record.id, name: record.name, lock: record.lock }} onClose={() => setSharing(false)} />}
    </div>
  );
}
