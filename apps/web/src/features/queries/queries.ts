// Reads of the queries screen and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { Dataset, QueryBookmarkList, QueryExecutionList, QueryTemplate, QueryTemplateHistory, QueryTemplateList } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll } from '../catalogue';
import { decodeArrow, pagePipeline } from '../datasets/preview/previewData';

export const queryKeys = {
  all: ['data-queries'] as const,
  templates: ['data-queries', 'templates'] as const,
  templatePage: (offset: number, limit: number, tagIds: readonly string[]) => ['data-queries', 'templates', 'page', offset, limit, tagIds] as const,
  template: (id: string) => ['data-queries', 'templates', 'one', id] as const,
  allTemplates: ['data-queries', 'templates', 'all'] as const,
  history: (id: string, offset: number, limit: number) => ['data-queries', 'templates', 'history', id, offset, limit] as const,
  bookmarks: ['data-queries', 'bookmarks'] as const,
  bookmarkPage: (scope: BookmarkScope, offset: number, limit: number, tagIds: readonly string[]) => ['data-queries', 'bookmarks', scope, offset, limit, tagIds] as const,
  executions: (offset: number, limit: number) => ['data-queries', 'executions', offset, limit] as const,
  readableDatasets: ['data-queries', 'datasets'] as const,
  columns: (datasetId: string) => ['data-queries', 'columns', datasetId] as const,
  distinct: (datasetId: string, column: string) => ['data-queries', 'distinct', datasetId, column] as const,
};

export const BOOKMARK_SCOPES = ['mine', 'organization'] as const;
export type BookmarkScope = (typeof BOOKMARK_SCOPES)[number];
/** Whose bookmarks the address asks for (`?scope=organization`; the user's own otherwise). */
export const parseBookmarkScope = (text: string | null): BookmarkScope => (text === 'organization' ? 'organization' : 'mine');

/** A page of the templates the caller reads, carrying every tag of `tagIds` (the server filters: it pages). */
export function useTemplatePage(offset: number, limit: number, tagIds: readonly string[]) {
  const client = useApiClient();
  return useQuery<QueryTemplateList>({
    queryKey: queryKeys.templatePage(offset, limit, tagIds),
    queryFn: () => client.dataQueries.templates.list({ offset, limit, tagId: [...tagIds] }),
    placeholderData: (previous) => previous,
  });
}

/** Every template the caller reads (the run form's picker). */
export function useAllTemplates() {
  const client = useApiClient();
  return useQuery<QueryTemplate[]>({ queryKey: queryKeys.allTemplates, queryFn: () => listAll(client.dataQueries.templates.list, {}) });
}

export function useTemplate(id: string | null) {
  const client = useApiClient();
  return useQuery<QueryTemplate>({ queryKey: queryKeys.template(id ?? ''), queryFn: () => client.dataQueries.templates.get(id!), enabled: id !== null });
}

export function useTemplateHistory(id: string, offset: number, limit: number) {
  const client = useApiClient();
  return useQuery<QueryTemplateHistory>({
    queryKey: queryKeys.history(id, offset, limit),
    queryFn: () => client.dataQueries.templates.history(id, { offset, limit }),
    placeholderData: (previous) => previous,
  });
}

/** A page of the caller's bookmarks or their organization's, carrying every tag of `tagIds` (the server filters). */
export function useBookmarkPage(scope: BookmarkScope, offset: number, limit: number, tagIds: readonly string[]) {
  const client = useApiClient();
  const lister = scope === 'organization' ? client.dataQueries.bookmarks.forOrganization : client.dataQueries.bookmarks.list;
  return useQuery<QueryBookmarkList>({
    queryKey: queryKeys.bookmarkPage(scope, offset, limit, tagIds),
    queryFn: () => lister({ offset, limit, tagId: [...tagIds] }),
    placeholderData: (previous) => previous,
  });
}

/** A page of the caller's executions, read again every second while one of them is queued or running. */
export function useExecutionPage(offset: number, limit: number) {
  const client = useApiClient();
  return useQuery<QueryExecutionList>({
    queryKey: queryKeys.executions(offset, limit),
    queryFn: () => client.dataQueries.executions({ offset, limit }),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'running') ? 1000 : false),
  });
}

/** Every dataset the caller reads: their own, their organization's and those shared with them, once each. */
export function useReadableDatasets() {
  const client = useApiClient();
  return useQuery<Dataset[]>({
    queryKey: queryKeys.readableDatasets,
    queryFn: async () => {
      const lists = await Promise.all([client.datasets.list, client.datasets.forOrganization, client.datasets.sharedWithUser].map((lister) => listAll(lister, {})));
      const byId = new Map<string, Dataset>();
      for (const dataset of lists.flat()) if (!byId.has(dataset.id)) byId.set(dataset.id, dataset);
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
}

/** A dataset's column names, read from the Arrow schema of its first row. */
export function useDatasetColumns(datasetId: string | null) {
  const client = useApiClient();
  return useQuery<string[]>({
    queryKey: queryKeys.columns(datasetId ?? ''),
    queryFn: async () => (await decodeArrow((await client.dataQueries.datasetsQuery({ pipeline: pagePipeline(datasetId!, 0, 1) })).data)).columns,
    enabled: datasetId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The distinct values of a dataset's column (the parameter pickers). */
export function useColumnDistinct(datasetId: string | null, column: string | null) {
  const client = useApiClient();
  return useQuery<unknown[]>({
    queryKey: queryKeys.distinct(datasetId ?? '', column ?? ''),
    queryFn: async () => (await client.dataQueries.columnDistinct({ datasetId: datasetId!, column: column!, limit: 500 })).values,
    enabled: datasetId !== null && column !== null && column !== '',
    staleTime: 60_000,
  });
}
