// Reads of the maps screen and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, searchFilter, useBlobUrl, type ListScope } from '../catalogue';

export const mapKeys = {
  all: ['maps'] as const,
  list: (scope: ListScope, search: string) => ['maps', 'list', scope, search] as const,
  thumbnail: (id: string, updatedAt: string) => ['maps', 'thumbnail', id, updatedAt] as const,
};

function listerOf(client: ApiClient, scope: ListScope) {
  if (scope === 'organization') return client.maps.listForOrganization;
  if (scope === 'shared') return client.maps.listSharedWithUser;
  return client.maps.list;
}

/** Every map of the scope whose name matches (sorting by name needs them all). */
export function useMapList(scope: ListScope, search: string) {
  const client = useApiClient();
  return useQuery<CatalogueRecord[]>({
    queryKey: mapKeys.list(scope, search),
    queryFn: () => listAll(listerOf(client, scope), searchFilter(search)),
    placeholderData: (previous) => previous,
  });
}

/** The map's thumbnail as an object URL, keyed by updatedAt so a new save shows its new picture. */
export function useThumbnailUrl(record: CatalogueRecord): string | null {
  const client = useApiClient();
  const blob = useQuery({
    queryKey: mapKeys.thumbnail(record.id, record.updatedAt),
    queryFn: () => client.maps.thumbnail(record.id),
    enabled: record.thumbnailUrl !== null,
    staleTime: Infinity,
    retry: false,
  });
  return useBlobUrl(blob.data);
}
