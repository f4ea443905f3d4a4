// Reads of the Reports screen and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { Dataset, ReportList } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { PAGE_SIZE } from '../catalogue/paging';

export const reportKeys = {
  all: ['reports'] as const,
  lists: ['reports', 'list'] as const,
  page: (page: number, everyone: boolean) => ['reports', 'list', everyone ? 'everyone' : 'mine', page] as const,
  datasets: (search: string) => ['reports', 'datasets', search] as const,
};

/** One page of the caller's reports (every report in admin mode), newest change first: the server pages. */
export function useReportPage(page: number, everyone: boolean) {
  const client = useApiClient();
  return useQuery<ReportList>({
    queryKey: reportKeys.page(page, everyone),
    queryFn: () => client.publishing.reports.list({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(everyone ? { isAdmin: true } : {}) }),
    placeholderData: (previous) => previous,
  });
}

/** Datasets a report may show: those the user can read (theirs, their organization's, shared with them) matching the search. */
export const PICKER_LIMIT = 50;

export function useReadableDatasets(search: string) {
  const client = useApiClient();
  return useQuery<Dataset[]>({
    queryKey: reportKeys.datasets(search),
    queryFn: async () => {
      const query = { limit: PICKER_LIMIT, ...(search ? { search } : {}) };
      const pages = await Promise.all([client.datasets.list(query), client.datasets.forOrganization(query), client.datasets.sharedWithUser(query)]);
      const byId = new Map<string, Dataset>();
      for (const page of pages) for (const dataset of page.items) if (!byId.has(dataset.id)) byId.set(dataset.id, dataset);
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    placeholderData: (previous) => previous,
  });
}
