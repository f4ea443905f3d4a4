// Reads of the projects screen and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { Project, ProjectResource } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { isRetryable } from '../../api/errors';
import { listAll, searchFilter } from '../catalogue';
import type { ProjectScope } from './scope';

export const projectKeys = {
  all: ['projects'] as const,
  list: (scope: ProjectScope, search: string) => ['projects', 'list', scope, search] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  entries: (id: string) => ['projects', 'entries', id] as const,
  thumbnail: (id: string) => ['projects', 'thumbnail', id] as const,
  /** The "Add to this project" lists. */
  library: ['projects', 'library'] as const,
};

const listerOf = (client: ApiClient, scope: ProjectScope) => (scope === 'organization' ? client.projects.forOrganization : client.projects.list);

export function useProjectList(scope: ProjectScope, search: string) {
  const client = useApiClient();
  return useQuery<Project[]>({
    queryKey: projectKeys.list(scope, search),
    queryFn: () => listAll(listerOf(client, scope), searchFilter(search)),
    placeholderData: (previous) => previous,
  });
}

export function useProject(id: string) {
  const client = useApiClient();
  return useQuery<Project>({ queryKey: projectKeys.one(id), queryFn: () => client.projects.get(id), retry: (count, error) => count < 2 && isRetryable(error) });
}

/** Every entry of the project whose resource the user may read (the server leaves out the others). */
export function useProjectEntries(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery<ProjectResource[]>({
    queryKey: projectKeys.entries(id),
    queryFn: async () => (await client.projects.resources(id)).items,
    enabled,
    retry: (count, error) => count < 2 && isRetryable(error),
  });
}

/**
 * The project's picture as a blob. Nothing says whether a project has one, so the picture is asked for and a 404
 * means none; it changes only through our own upload, which refreshes this key.
 */
export function useProjectThumbnail(id: string) {
  const client = useApiClient();
  return useQuery({ queryKey: projectKeys.thumbnail(id), queryFn: () => client.projects.thumbnail(id), staleTime: Infinity, retry: false });
}
