// /workspace/datasets: the user's datasets, their organization's and those shared with them (search, sort, pages),
// uploads with progress, and a new map from the datasets picked. `?datasetUuid=…` (repeated) shows only those.
// `?tags=` keeps the datasets carrying every tag picked (the server filters, so pages stay whole); a maker tags the
// datasets they may change several at once.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { Dataset, DatasetList } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, ListPager, ScopeTabs, canCreate, noMatchText, parseScope, useListAddress, type ListScope } from '../catalogue';
import { useListTags } from '../tags';
import { DatasetTable } from './DatasetTable';
import { PAGE_SIZE, formatSort, listQuery, pageInfo, parseSort, toggleSort, type SortKey, type SortState } from './listing';
import { datasetKeys, useDatasetsById } from './queries';
import { DropZone, UploadList } from './upload/UploadPanel';
import { useUploads } from './upload/useUploads';
import './datasets.css';

const ID_PARAM = 'datasetUuid';

const EMPTY: Record<ListScope, string> = {
  mine: 'You have no datasets yet. Upload a CSV, GeoJSON, Parquet or Arrow file to make one.',
  organization: 'Nobody in your organization has a dataset yet.',
  shared: 'Nobody has shared a dataset with you. Datasets that others share with you, or with your organization, appear here.',
};
const EMPTY_VIEWER = 'You have no datasets of your own: a viewer seat reads datasets but does not upload them. See your organization’s.';

export function DatasetsPage() {
  useDocumentTitle('Datasets');
  const user = useSignedInUser();
  const address = useListAddress();
  const { params: search, update, query, typed, setTyped } = address;
  const ids = search.getAll(ID_PARAM);
  const scope = parseScope(search.get('scope'));
  const sort = parseSort(search.get('sort'));
  const tags = useListTags('dataset', { plural: 'datasets', address, listKey: datasetKeys.all });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const uploads = useUploads();
  const maker = canCreate(user);

  const requested = Math.max(1, Math.floor(Number(search.get('page') ?? '1')) || 1);
  const list = useTaggedDatasetPage(scope, query, sort, requested, tags.ids, ids.length === 0);
  const byId = useDatasetsById(ids);
  // The datasets the address names are few and read one by one: shown in the address's order, paged here.
  const named = useMemo(() => byId.flatMap((result) => (result.data ? [result.data] : [])), [byId]);
  const page = pageInfo(ids.length ? named.length : (list.data?.total ?? 0), requested);
  const pageItems = ids.length ? named.slice((page.page - 1) * PAGE_SIZE, page.page * PAGE_SIZE) : (list.data?.items ?? []);
  const picked = [...selected];

  // A page past the end (the list shrank, or an old address): go to the last page there is.
  const pastEnd = ids.length === 0 && list.data !== undefined && requested > page.page;
  useEffect(() => {
    if (pastEnd) update({ page: page.page === 1 ? null : String(page.page) });
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="page datasets-page">
      <div className="catalogue-page__head">
        <PageHeader title="Datasets" subtitle="Your data, your organization’s, and what others share with you." />
        {maker && (
          <Link
            to={paths.newMap({ datasetUuids: picked })}
            className={`button button--primary${picked.length ? '' : ' is-disabled'}`}
            aria-disabled={picked.length === 0}
            onClick={(event) => picked.length === 0 && event.preventDefault()}
            title={picked.length ? undefined : 'Pick datasets in the list to start a map from them'}
            data-testid="new-map-from-selection"
          >
            {picked.length ? `New map from ${picked.length} dataset${picked.length === 1 ? '' : 's'}` : 'New map from selection'}
          </Link>
        )}
      </div>

      {maker && (
        <section className="card panel" aria-labelledby="upload-heading">
          <h2 id="upload-heading" className="panel__title">
            Upload data
          </h2>
          <DropZone onFiles={uploads.addFiles} />
          <UploadList items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
          {uploads.items.some((item) => item.phase === 'sending' || item.phase === 'creating' || item.phase === 'queued') && (
            <p className="datasets-page__note">Stay on this page until the files are sent: leaving it cancels the uploads still sending.</p>
          )}
        </section>
      )}

      <section className="card panel catalogue-list" aria-label="Dataset list">
        {ids.length > 0 ? (
          <div className="datasets-list__filter" role="status">
            <span>
              Showing the {ids.length === 1 ? 'dataset' : `${ids.length} datasets`} named in the address.
            </span>
            <Link to={paths.datasets()}>Show all datasets</Link>
          </div>
        ) : (
          <div className="catalogue-list__tools">
            <ScopeTabs
              label="Whose datasets"
              value={scope}
              onChange={(option) => {
                setSelected(new Set());
                update({ scope: option === 'mine' ? null : option, page: null });
              }}
            />
            <input
              className="field__input catalogue-list__search"
              type="search"
              value={typed}
              placeholder="Search by name or description"
              aria-label="Search datasets"
              onChange={(event) => setTyped(event.target.value)}
            />
            {tags.filter}
          </div>
        )}
        {tags.bar}

        <ListBody
          ids={ids}
          byIdErrors={byId.flatMap((result, index) => (result.isError ? [`${ids[index]}: ${errorText(result.error)}`] : []))}
          loading={ids.length ? byId.some((result) => result.isPending) : list.isPending}
          error={ids.length ? null : list.isError ? errorText(list.error) : null}
          onRetry={() => void list.refetch()}
          empty={noMatchText('dataset', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}
          pageItems={pageItems}
        >
          <DatasetTable
            items={pageItems}
            sort={ids.length ? null : sort}
            onSort={(key: SortKey) => update({ sort: formatSort(toggleSort(sort, key)), page: null })}
            selectable={maker}
            selected={selected}
            onToggle={toggle}
            tagSelect={tags.select}
          />
          <ListPager page={page} onPage={(next) => update({ page: next === 1 ? null : String(next) })} refreshing={list.isFetching && !list.isPending} />
        </ListBody>
      </section>
    </div>
  );
}

/**
 * One page of the scope's datasets matching the search and carrying every tag asked for (the server filters by tag,
 * `tagId`), in the sort's order; cached under the list's keys, so whatever re-reads dataset lists re-reads it.
 */
function useTaggedDatasetPage(scope: ListScope, search: string, sort: SortState, page: number, tagIds: readonly string[], enabled: boolean) {
  const client = useApiClient();
  return useQuery<DatasetList>({
    queryKey: [...datasetKeys.page(scope, search, sort, page), ...(tagIds.length ? [{ tags: [...tagIds] }] : [])],
    queryFn: () => listerOf(client, scope)({ ...listQuery(search, sort, page), ...(tagIds.length ? { tagId: [...tagIds] } : {}) }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

function listerOf(client: ApiClient, scope: ListScope) {
  if (scope === 'organization') return client.datasets.forOrganization;
  if (scope === 'shared') return client.datasets.sharedWithUser;
  return client.datasets.list;
}

function ListBody({
  ids,
  byIdErrors,
  loading,
  error,
  onRetry,
  empty,
  pageItems,
  children,
}: {
  ids: string[];
  byIdErrors: string[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  empty: string;
  pageItems: Dataset[];
  children: ReactNode;
}) {
  if (loading) return <Spinner label="Loading datasets…" />;
  if (error) return <ListError message={error} onRetry={onRetry} />;
  return (
    <>
      {byIdErrors.map((message) => (
        <p key={message} className="form__error" role="alert">
          {message}
        </p>
      ))}
      {pageItems.length === 0 ? <p className="catalogue-list__empty">{ids.length ? 'None of the datasets named in the address can be opened.' : empty}</p> : children}
    </>
  );
}
