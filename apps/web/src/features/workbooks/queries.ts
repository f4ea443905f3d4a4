// Reads of the workbook screens and their cache keys, so the list, the new-workbook page and the workbook agree.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, searchFilter, type ListScope } from '../catalogue';

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
