// Reads of the workbook screens and their cache keys, so the list, the new-workbook page and the workbook agree.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord, Lock } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, searchFilter, type ListScope } from '../catalogue';
import { accessOf } from '../map-builder-prefetch';

export const workbookKeys = {
  all: ['workbooks'] as const,
  list: (scope: ListScope, search: string) => ['workbooks', 'list', scope, search] as const,
  one: (id: string) => ['workbooks', 'one', id] as const,
};

function listerOf(client: ApiClient, scope: ListScope) {
  if (scope === 'organization') return client.workbooks.listForOrganization;
  if (scope === 'shared') return client.workbooks.listSharedWithUser;
  return client.workbooks.list;
}

/** Every workbook of the scope whose name matches: the server orders by last change only, so name order and pages are made here. */
export function useWorkbookList(scope: ListScope, search: string) {
  const client = useApiClient();
  return useQuery<CatalogueRecord[]>({
    queryKey: workbookKeys.list(scope, search),
    queryFn: () => listAll(listerOf(client, scope), searchFilter(search)),
    placeholderData: (previous) => previous,
  });
}

/** One workbook. */
export function useWorkbook(id: string) {
  const client = useApiClient();
  return useQuery<CatalogueRecord>({ queryKey: workbookKeys.one(id), queryFn: () => client.workbooks.get(id) });
}

export type WorkbookAccess =
  /** The user edits under the workbook's lock. */
  | { mode: 'edit' }
  /** Another editor holds the lock: read-only until it is released or lapses. */
  | { mode: 'locked'; lock: Lock }
  /** The user may read the workbook, not edit it. */
  | { mode: 'view' };

/**
 * The workbook opened for the editor: with its lock taken when the user may write and nobody else holds it (the map
 * builder's rule, accessOf), read-only otherwise. Not cached across visits: each opening asks for the lock anew.
 */
export function useWorkbookOpen(id: string, userId: string) {
  const client = useApiClient();
  return useQuery<{ record: CatalogueRecord; access: WorkbookAccess }>({
    queryKey: [...workbookKeys.one(id), 'open'],
    queryFn: async () => {
      const plain = await client.workbooks.get(id);
      if (!plain.actions.includes('write')) return { record: plain, access: { mode: 'view' } };
      const record = await client.workbooks.get(id, { acquireLock: true });
      return { record, access: accessOf(record, userId) };
    },
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
