// Browse a storage connection (s3, google-cloud-storage, planet): its buckets when it names none (planet: its item
// types, whose folders are acquisition days and objects items), then the folders and objects under a prefix, a page
// at a time; a maker imports an object as a dataset (CSV, GeoJSON, Parquet, Arrow, gzip or zip of one). The import
// answers the dataset pending and loads it in the background: the row shows its progress (the record read again until
// it settles), then links the dataset or says why it failed.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DataConnection, Dataset, StorageEntry } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { canCreate } from '../catalogue';
import { formatBytes } from '../datasets/format';
import { datasetKeys, useDataset } from '../datasets/queries';
// The progress bar's classes (.progress), the uploads' own.
import '../datasets/datasets.css';
import { Modal } from '../sharing';
import { connectionKeys } from './queries';
import { importView } from './storageImport';
import { crumbsOf, entryName, type StorageLocation } from './storagePaths';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type ImportState = { state: 'starting' } | { state: 'started'; dataset: Dataset } | { state: 'refused'; error: unknown };

export function StorageDialog({ connection, onClose }: { connection: DataConnection; onClose(): void }) {
  const [location, setLocation] = useState<StorageLocation>({ bucket: null, prefix: '' });
  const [imports, setImports] = useState<Record<string, ImportState>>({});
  const client = useApiClient();
  // Planet's catalogue: its "buckets" are item types (docs/storage-connections.md).
  const planet = connection.type === 'planet';
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const listing = useInfiniteQuery({
    queryKey: [...connectionKeys.all, 'objects', connection.id, location.bucket, location.prefix],
    queryFn: ({ pageParam }) =>
      client.dataConnections.objects(connection.id, { bucket: location.bucket ?? undefined, prefix: location.prefix || undefined, pageToken: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextPageToken ?? undefined,
    retry: false,
  });
  const pages = listing.data?.pages ?? [];
  // The first answer says which bucket is listed (the connection's own when it names one).
  const bucket = pages[0]?.bucket ?? null;
  const items = pages.flatMap((page) => page.items);

  const importObject = async (key: string) => {
    const id = `${bucket}/${key}`;
    setImports((current) => ({ ...current, [id]: { state: 'starting' } }));
    try {
      const dataset = await client.dataConnections.importObject(connection.id, { key, bucket: location.bucket ?? undefined });
      // The answer is the record's first reading: its progress shows at once, then useDataset reads it again.
      queryClient.setQueryData(datasetKeys.one(dataset.id), dataset);
      setImports((current) => ({ ...current, [id]: { state: 'started', dataset } }));
    } catch (error) {
      setImports((current) => ({ ...current, [id]: { state: 'refused', error } }));
    }
  };

  const open = (entry: StorageEntry) => setLocation(entry.kind === 'bucket' ? { bucket: entry.key, prefix: '' } : { bucket: location.bucket, prefix: entry.key });

  return (
    <Modal title={`Browse “${connection.name}”`} onClose={onClose} wide>
      <div className="connectors-browse connectors-storage">
        <nav aria-label="Location">
          <ol className="connectors-storage__crumbs">
            {crumbsOf(location, bucket, planet ? 'Item types' : 'Buckets').map((crumb, index, all) => (
              <li key={index}>
                {index === all.length - 1 ? (
                  <span aria-current="location">{crumb.label}</span>
                ) : (
                  <button type="button" className="button button--ghost" onClick={() => setLocation(crumb.location)}>
                    {crumb.label}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {listing.isPending ? (
          <Spinner label="Reading the storage…" />
        ) : listing.isError ? (
          <p className="form__error" role="alert">
            {errorText(listing.error)}
          </p>
        ) : items.length === 0 ? (
          <p className="catalogue-list__empty">{bucket === null ? `The connection’s key may list no ${planet ? 'item type' : 'bucket'}.` : 'Nothing is stored here.'}</p>
        ) : (
          <table className="table connectors-storage__table" aria-label="Objects">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Size</th>
                <th scope="col">Last modified</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={`${entry.kind}:${entry.key}`} data-entry={entry.key}>
                  <th scope="row">
                    {entry.kind === 'object' ? (
                      entryName(entry)
                    ) : (
                      <button type="button" className="connectors-browse__item" onClick={() => open(entry)}>
                        {entryName(entry)}
                      </button>
                    )}
                  </th>
                  <td>{entry.size !== undefined ? formatBytes(entry.size) : ''}</td>
                  <td>{entry.lastModified ? dateFormat.format(new Date(entry.lastModified)) : ''}</td>
                  <td>{entry.kind === 'object' && canCreate(user) && <ImportCell state={imports[`${bucket}/${entry.key}`]} onImport={() => void importObject(entry.key)} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {listing.hasNextPage && (
          <button type="button" className="button" onClick={() => void listing.fetchNextPage()} disabled={listing.isFetchingNextPage}>
            {listing.isFetchingNextPage ? 'Reading more…' : 'Show more'}
          </button>
        )}
      </div>
    </Modal>
  );
}

function ImportCell({ state, onImport }: { state: ImportState | undefined; onImport(): void }) {
  if (state?.state === 'starting') return <Spinner label="Importing…" />;
  if (state?.state === 'started') return <ImportProgress started={state.dataset} onRetry={onImport} />;
  return <ImportButton failure={state?.state === 'refused' ? errorText(state.error) : null} onImport={onImport} />;
}

/** The imported dataset until it settles (re-read every 2 s while pending): a progress bar, then its link or why it failed. */
function ImportProgress({ started, onRetry }: { started: Dataset; onRetry(): void }) {
  const read = useDataset(started.id);
  const dataset = read.data ?? started;
  if (read.isError) return <ImportButton failure={errorText(read.error)} onImport={onRetry} />;
  const view = importView(dataset);
  if (view.state === 'failed') return <ImportButton failure={view.message} onImport={onRetry} />;
  if (view.state === 'ready')
    return (
      <Link to={paths.dataset(dataset.id)} data-testid="imported-dataset">
        Open “{dataset.name}”
      </Link>
    );
  return (
    <div className="connectors-storage__progress" data-testid="import-progress">
      <ProgressBar fraction={view.fraction} label={view.label} name={`Import of ${dataset.name}`} />
      <span>{view.label}</span>
    </div>
  );
}

function ImportButton({ failure, onImport }: { failure: string | null; onImport(): void }) {
  return (
    <span className="connectors-storage__import">
      {failure !== null && (
        <span className="form__error" role="alert">
          {failure}
        </span>
      )}
      <button type="button" className="button button--ghost" onClick={onImport}>
        {failure !== null ? 'Try again' : 'Import as dataset'}
      </button>
    </span>
  );
}
