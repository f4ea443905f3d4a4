// Reads of the organization's tags and their cache keys: the tags to pick from, and, for records whose answers do
// not carry their tags (connections, projects, map assets, query templates and bookmarks), which of them carry which tag.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResourceType, TagSummary, TagWithUsage } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';

export const tagKeys = {
  all: ['tags'] as const,
  organization: ['tags', 'organization'] as const,
  forType: (resourceType: ResourceType) => ['tags', 'for', resourceType] as const,
};

/** The organization's tags, by name. */
export function useOrganizationTags(enabled = true) {
  const client = useApiClient();
  return useQuery<TagWithUsage[]>({ queryKey: tagKeys.organization, queryFn: async () => (await client.tags.list()).items, enabled });
}

/** The tags on the records of one type the user reads, by record id. */
export function useTagIndex(resourceType: ResourceType, enabled = true) {
  const client = useApiClient();
  return useQuery<ReadonlyMap<string, TagSummary[]>>({
    queryKey: tagKeys.forType(resourceType),
    queryFn: async () => {
      const byRecord = new Map<string, TagSummary[]>();
      for (const tag of (await client.tags.forOrganization(resourceType)).items) {
        for (const id of tag.resourceIds) byRecord.set(id, [...(byRecord.get(id) ?? []), { id: tag.id, name: tag.name, color: tag.color }]);
      }
      return byRecord;
    },
    enabled,
  });
}

/** After tags changed: every tag read again (lists re-read their own records). */
export const refreshTags = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tagKeys.all });

/** The names of the tag ids (a tag the organization no longer has: "unknown"), for what an empty list says. */
export function useTagNames(ids: readonly string[]): string[] {
  const tags = useOrganizationTags(ids.length > 0);
  return ids.map((id) => tags.data?.find((tag) => tag.id === id)?.name ?? (tags.isPending ? '…' : 'unknown'));
}
