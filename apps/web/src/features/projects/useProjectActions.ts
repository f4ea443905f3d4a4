// The writes of one open project: folders, filing items (add or move), removing entries. Each re-reads the project
// and its entries afterwards, so the screen shows what the server now holds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectResource } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { placementOf, type DragItem } from './placement';
import { projectKeys } from './queries';

export function useProjectActions(projectId: string, entries: readonly ProjectResource[]) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.entries(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);

  /** Files an item at a place: adds a resource, or moves it (or an entry) when the project already holds it. */
  const place = useMutation({
    mutationFn: async ({ item, folderId }: { item: DragItem; folderId: string | null }) => {
      const placement = placementOf(item, folderId, entries);
      if (placement.action === 'add') await client.projects.saveResource(projectId, { folderId, resourceType: placement.resourceType, resourceId: placement.resourceId });
      else if (placement.action === 'move') await client.projects.moveResource(projectId, placement.entryId, { folderId });
    },
    // A refused add may mean the item is gone or no longer readable: read the "Add to this project" lists again too.
    onError: () => queryClient.invalidateQueries({ queryKey: projectKeys.library }),
    onSettled: refresh,
  });

  const removeEntry = useMutation({
    mutationFn: (entryId: string) => client.projects.removeResource(projectId, entryId),
    onSettled: refresh,
  });

  const createFolder = useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: string | null }) => client.projects.createFolder(projectId, { name, parentId }),
    onSuccess: refresh,
  });

  const renameFolder = useMutation({
    mutationFn: ({ folderId, name }: { folderId: string; name: string }) => client.projects.updateFolder(projectId, folderId, { name }),
    onSuccess: refresh,
  });

  const removeFolder = useMutation({
    mutationFn: (folderId: string) => client.projects.removeFolder(projectId, folderId),
    onSuccess: refresh,
  });

  return { place, removeEntry, createFolder, renameFolder, removeFolder };
}

export type ProjectActions = ReturnType<typeof useProjectActions>;
