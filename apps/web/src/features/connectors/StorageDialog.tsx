// Browse a storage connection (s3, google-cloud-storage): its buckets when it names none, then the folders and objects
// under a prefix, a page at a time; a maker imports an object as a dataset (CSV, GeoJSON, Parquet, Arrow, gzip or zip
// of one). The import answers once the data is loaded, so the row says what runs until then, then links the dataset.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DataConnection, Dataset, StorageEntry } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { canCreate } from '../catalogue';
import { formatBytes } from '../datasets/format';
import { Modal } from '../sharing';
import { connectionKeys } from './queries';
import { crumbsOf, entryName, type StorageLocation } from './storagePaths';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type ImportState = { state: 'running' } | { state: 'done'; dataset: Dataset } | { state: 'failed'; error: unknown };

export function StorageDialog({ connection, onClose }: { connection: DataConnection; onClose(): void }) {
  const [location, setLocation] = useState<StorageLocation>({ bucket: null, prefix: '' });
  const [imports, setImports] = useState<Record<string, ImportState>>({});
  const client = useApiClient();
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
    setImports((current) => ({ ...current, [id]: { state: 'running' } }));
    try {
      const dataset = await client.dataConnections.importObject(connection.id, { key, bucket: location.bucket ?? undefined });
      setImports((current) => ({ ...current, [id]: dataset.status === 'error' ? { state: 'failed', error: new Error(`The file could not be loaded (${dataset.errorMessage ?? 'no reason given'})`) } : { state: 'done', dataset } }));
    } catch (error) {
      setImports((current) => ({ ...current, [id]: { state: 'failed', error } }));
    }
  };

  const open = (entry: StorageEntry) => setLocation(entry.kind === 'bucket' ? { bucket: entry.key, prefix: '' } : { bucket: location.bucket, prefix: entry.key });

  return (
    <Modal title={`Browse “${connection.name}”`} onClose={onClose} wide>
      <div className="connectors-browse connectors-storage">
        <nav aria-label="Location">
          <ol className="connectors-storage__crumbs">
            {crumbsOf(location, bucket).map((crumb, index, all) => (
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
          <p className="catalogue-list__empty">{bucket === null ? 'The connection’s key may list no bucket.' : 'Nothing is stored here.'}</p>
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
  if (state?.state === 'running') return <Spinner label="Importing…" />;
  if (state?.state === 'done')
    return (
      <Link to={paths.dataset(state.dataset.id)} data-testid="imported-dataset">
        Open “{state.dataset.name}”
      </Link>
    );
  return (
    <span className="connectors-storage__import">
      {state?.state === 'failed' && (
        <span className="form__error" role="alert">
          {errorText(state.error)}
        </span>
      )}
      <button type="button" className="button button--ghost" onClick={onImport}>
        {state?.state === 'failed' ? 'Try again' : 'Import as dataset'}
      </button>
    </span>
  );
}
