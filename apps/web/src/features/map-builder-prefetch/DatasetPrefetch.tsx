// Starts the downloads of the datasets a new map opens with (/new?datasetUuid=…) as the route renders, before the map
// builder's chunk has loaded; leaving the route aborts them.
import { useLayoutEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../api/ApiClientContext';
import { prefetchDatasets } from './prefetch';

export function DatasetPrefetch({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const [search] = useSearchParams();
  const ids = search.getAll('datasetUuid').join('\n');
  // A layout effect: it runs before the builder's own effects when its chunk is already loaded, so they find it.
  useLayoutEffect(() => {
    if (!ids) return;
    const leaving = new AbortController();
    prefetchDatasets(client, ids.split('\n'), leaving.signal);
    return () => leaving.abort();
  }, [client, ids]);
  return children;
}
