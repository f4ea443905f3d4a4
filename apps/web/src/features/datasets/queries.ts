// Reads of the dataset screens and their cache keys, so the list, the details, uploads and the dialogs agree.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { Dataset, DatasetList, DatasetMapList } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, searchFilter, type ListScope } from '../catalogue';
import { formatSort, listQuery, type SortState } from './listing';
import { rollupBuildText } from './rollupStatus';

export const datasetKeys = {
  all: ['datasets'] as const,
  lists: ['datasets', 'list'] as const,
  list: (scope: ListScope, search: string) => ['datasets', 'list', scope, search] as const,
  page: (scope: ListScope, search: string, sort: SortState, page: number) => ['datasets', 'list', scope, search, formatSort(sort), page] as const,
  one: (id: string) => ['datasets', 'one', id] as const,
  maps: (id: string) => ['datasets', 'maps', id] as const,
};

function listerOf(client: ApiClient, scope: ListScope) {
  if (scope === 'organization') return client.datasets.forOrganization;
  if (scope === 'shared') return client.datasets.sharedWithUser;
  return client.datasets.list;
}

/** One page of the scope's datasets that match the search, in the sort's order (the server sorts and pages). */
export function useDatasetPage(scope: ListScope, search: string, sort: SortState, page: number, enabled = true) {
  const client = useApiClient();
  return useQuery<DatasetList>({
    queryKey: datasetKeys.page(scope, search, sort, page),
    queryFn: () => listerOf(client, scope)(listQuery(search, sort, page)),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Every dataset of the scope that matches the search (the map builder's and the import dialog's pickers). */
export function useDatasetList(scope: ListScope, search: string, enabled = true) {
  const client = useApiClient();
  return useQuery<Dataset[]>({
    queryKey: datasetKeys.list(scope, search),
    queryFn: () => listAll(listerOf(client, scope), searchFilter(search)),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The datasets a `?datasetUuid=` address names, each read on its own. */
export function useDatasetsById(ids: readonly string[]) {
  const client = useApiClient();
  return useQueries({
    queries: ids.map((id) => ({ queryKey: datasetKeys.one(id), queryFn: () => client.datasets.get(id) })),
  });
}

/** One dataset; while it is pending (a load running) or its panel's rollups build, re-read every 2 s until it settles. */
export function useDataset(id: string) {
  const client = useApiClient();
  return useQuery<Dataset>({
    queryKey: datasetKeys.one(id),
    queryFn: () => client.datasets.get(id),
    refetchInterval: ({ state: { data } }) => (data && (data.status === 'pending' || rollupBuildText(data.metadata)) ? 2000 : false),
  });
}

export function useDatasetMaps(id: string) {
  const client = useApiClient();
  return useQuery<DatasetMapList>({ queryKey: datasetKeys.maps(id), queryFn: () => client.datasets.maps(id) });
}
