// The catalogue items a project can hold, read for the "Add to this project" panel: maps, datasets, dashboards
// (insights) and map styles, the user's own, their organization's or those shared with them.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { ProjectResourceType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, searchFilter, type ListScope } from '../catalogue';
import { projectKeys } from './queries';

export interface LibraryItem {
  resourceType: ProjectResourceType;
  id: string;
  name: string;
}

export const LIBRARY_KINDS: readonly { type: ProjectResourceType; label: string }[] = [
  { type: 'map', label: 'Maps' },
  { type: 'dataset', label: 'Datasets' },
  { type: 'insight', label: 'Dashboards' },
  { type: 'map-style', label: 'Map styles' },
];

type Named = { id: string; name: string };
type Lister = (query: { search?: string; limit: number; offset: number }) => Promise<{ items: Named[]; total: number }>;

function recordLister(client: ApiClient, type: 'map' | 'insight', scope: ListScope): Lister {
  const calls = type === 'map' ? client.maps : client.insights;
  if (scope === 'organization') return calls.listForOrganization;
  if (scope === 'shared') return calls.listSharedWithUser;
  return calls.list;
}

function datasetLister(client: ApiClient, scope: ListScope): Lister {
  if (scope === 'organization') return client.datasets.forOrganization;
  if (scope === 'shared') return client.datasets.sharedWithUser;
  return client.datasets.list;
}

/** Map assets take no search: their lister drops it and the name filter runs here. */
function styleLister(client: ApiClient, scope: ListScope): Lister {
  const list = scope === 'organization' ? client.mapAssets.forOrganization : scope === 'shared' ? client.mapAssets.sharedWithUser : client.mapAssets.list;
  return ({ limit, offset }) => list({ type: 'map-style', limit, offset });
}

function listerOf(client: ApiClient, type: ProjectResourceType, scope: ListScope): Lister {
  if (type === 'map' || type === 'insight') return recordLister(client, type, scope);
  if (type === 'dataset') return datasetLister(client, scope);
  return styleLister(client, scope);
}

/** Items whose name holds the search, case aside (the server's own search also looks at descriptions). */
export const nameMatches = (items: readonly Named[], search: string) => {
  const needle = search.trim().toLowerCase();
  return needle ? items.filter((item) => item.name.toLowerCase().includes(needle)) : [...items];
};

export function useLibrary(type: ProjectResourceType, scope: ListScope, search: string) {
  const client = useApiClient();
  return useQuery<LibraryItem[]>({
    queryKey: [...projectKeys.library, type, scope, search],
    queryFn: async () => {
      const items = await listAll(listerOf(client, type, scope), searchFilter(search));
      const named = type === 'map-style' ? nameMatches(items, search) : items;
      return named.map((item) => ({ resourceType: type, id: item.id, name: item.name }));
    },
    placeholderData: (previous) => previous,
  });
}
