import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dataset } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';
import { decodeArrow, pagePipeline, type Rows } from './previewData';

/** Rows `offset` to `offset + length` of the dataset's current data (keyed by its data version, so new data re-reads). The answer
 * names its offset: while the next page loads, the previous one stays shown with its own numbers. */
export function usePreviewRows(dataset: Dataset, offset: number, length: number) {
  const client = useApiClient();
  const version = typeof dataset.metadata.dataVersion === 'string' ? dataset.metadata.dataVersion : null;
  return useQuery<Rows & { offset: number }>({
    queryKey: ['datasets', 'rows', dataset.id, version, offset, length],
    queryFn: async ({ signal }) => ({
      ...(await decodeArrow((await client.dataQueries.datasetsQuery({ pipeline: pagePipeline(dataset.id, offset, length) }, signal)).data)),
      offset,
    }),
    enabled: dataset.status === 'ready' || version !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
