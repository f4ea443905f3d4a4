// /workspace/datasets/{id}: what a dataset holds (columns, rows, size, a preview table and map), where it is used,
// its tags, and what the user may do with it (new map, share, clone, download, replace data, delete).
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ErrorState } from '../../ui/ErrorState';
import { Facts } from '../../ui/Facts';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ownerLabel, recordAbilities } from '../catalogue';
import { TagEditor } from '../tags';
import { DatasetActions } from './DatasetActions';
import { formatBytes, formatCount, formatDate, loadErrorText } from './format';
import { columnsOf, rowCountOf, sizeOf } from './listing';
import { PreviewTable } from './preview/PreviewTable';
import { datasetKeys, useDataset, useDatasetMaps } from './queries';
import { StatusBadge } from './StatusBadge';
import './datasets.css';

// The map preview (h3-js, then MapLibre) loads with the first dataset that has data, not with the workspace.
const MapSection = lazy(() => import('./preview/MapSection').then((module) => ({ default: module.MapSection })));

export function DatasetPage() {
  const { id = '' } = useParams();
  const dataset = useDataset(id);
  useDocumentTitle(dataset.data?.name ?? 'Dataset');
  if (dataset.isError)
    return <ErrorState title="Could not open this dataset" message={errorText(dataset.error)} onRetry={() => void dataset.refetch()} />;
  if (!dataset.data) return <Spinner label="Opening the dataset…" />;
  return <DatasetDetails dataset={dataset.data} />;
}

function DatasetDetails({ dataset }: { dataset: Dataset }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const abilities = recordAbilities(dataset, user);
  const rows = rowCountOf(dataset);
  const size = sizeOf(dataset);
  const columns = columnsOf(dataset);
  const hasData = typeof dataset.metadata.dataVersion === 'string';
  const reload = () => queryClient.invalidateQueries({ queryKey: datasetKeys.one(dataset.id) });

  return (
    <div className="page dataset-page" data-dataset-id={dataset.id}>
      <header className="dataset-page__head">
        <div className="dataset-page__title">
          <nav className="dataset-page__breadcrumb" aria-label="Breadcrumb">
            <Link to={paths.datasets()}>Datasets</Link>
            <span aria-hidden="true">/</span>
          </nav>
          <h1 className="page-header__title" data-testid="dataset-name">
            {dataset.name}
          </h1>
          {dataset.description && <p className="page-header__subtitle">{dataset.description}</p>}
        </div>
        <DatasetActions dataset={dataset} abilities={abilities} />
      </header>

      {dataset.status === 'error' && dataset.errorMessage && (
        <p className="form__error" role="alert" data-testid="dataset-error">
          The last upload failed: {loadErrorText(dataset.errorMessage)}
          {hasData ? '. The data below is the previous data.' : ''}
        </p>
      )}

      <div className="dataset-page__grid">
        <section className="card panel" aria-labelledby="dataset-facts">
          <h2 id="dataset-facts" className="panel__title">
            Details
          </h2>
          <Facts
            items={[
              { label: 'Status', value: <StatusBadge status={dataset.status} metadata={dataset.metadata} />, testId: 'dataset-status' },
              { label: 'Type', value: dataset.type },
              { label: 'Rows', value: rows === null ? '—' : formatCount(rows), testId: 'dataset-rows' },
              { label: 'Size', value: size === null ? '—' : formatBytes(size), testId: 'dataset-size' },
              { label: 'Uploaded as', value: typeof dataset.metadata.sourceFormat === 'string' ? dataset.metadata.sourceFormat.toUpperCase() : '—' },
              { label: 'Owner', value: ownerLabel(dataset, user) },
              { label: 'Created', value: formatDate(dataset.createdAt) },
              { label: 'Updated', value: formatDate(dataset.updatedAt) },
              {
                label: 'Tags',
                testId: 'dataset-tags',
                value: <TagEditor resourceType="dataset" resourceId={dataset.id} tags={dataset.tags} canEdit={abilities.write} onChanged={reload} />,
              },
            ]}
          />
        </section>

        <section className="card panel" aria-labelledby="dataset-columns">
          <h2 id="dataset-columns" className="panel__title">
            Columns {columns.length > 0 && <span className="panel__count">{columns.length}</span>}
          </h2>
          {columns.length === 0 ? (
            <p className="datasets-page__empty">{hasData ? 'The data has no columns.' : 'No data yet: upload a file to describe its columns.'}</p>
          ) : (
            <div className="dataset-columns__scroll">
              <table className="table dataset-columns" data-testid="dataset-columns">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                  </tr>
                </thead>
                <tbody>
                  {columns.map((column) => (
                    <tr key={column.name} data-column={column.name}>
                      <th scope="row">{column.name}</th>
                      <td>{column.type}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      {hasData && (
        <>
          <section className="card panel" aria-labelledby="dataset-map">
            <h2 id="dataset-map" className="panel__title">
              Map preview
            </h2>
            <Suspense fallback={<Spinner label="Loading the map preview…" />}>
              <MapSection dataset={dataset} rowCount={rows} />
            </Suspense>
          </section>
          <section className="card panel" aria-labelledby="dataset-preview">
            <h2 id="dataset-preview" className="panel__title">
              Data preview
            </h2>
            <PreviewTable key={String(dataset.metadata.dataVersion)} dataset={dataset} rowCount={rows} />
          </section>
        </>
      )}

      <MapsUsing datasetId={dataset.id} />
    </div>
  );
}

function MapsUsing({ datasetId }: { datasetId: string }) {
  const maps = useDatasetMaps(datasetId);
  return (
    <section className="card panel" aria-labelledby="dataset-maps">
      <h2 id="dataset-maps" className="panel__title">
        Maps using this dataset
      </h2>
      {maps.isPending && <Spinner label="Loading maps…" />}
      {maps.isError && (
        <p className="form__error" role="alert">
          {errorText(maps.error)}
        </p>
      )}
      {maps.data && maps.data.items.length === 0 && <p className="datasets-page__empty">No map you can open uses this dataset yet.</p>}
      {maps.data && maps.data.items.length > 0 && (
        <ul className="dataset-maps" data-testid="dataset-maps">
          {maps.data.items.map((map) => (
            <li key={map.id}>
              <Link to={paths.map(map.id)}>{map.name}</Link> <span className="dataset-maps__date">updated {formatDate(map.updatedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
