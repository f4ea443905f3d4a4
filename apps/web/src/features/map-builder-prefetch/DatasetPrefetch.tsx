// Starts the downloads of the datasets a map opens with as the route renders, before the map builder's chunk has
// loaded: a new map's (/new?datasetUuid=…) at once, a saved map's (/{mapId}) once its record is read. Leaving the
// route aborts them.
import { useLayoutEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { prefetchDatasets, prefetchMap } from './prefetch';

export function DatasetPrefetch({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const { mapId } = useParams();
  const [search] = useSearchParams();
  const ids = search.getAll('datasetUuid').join('\n');
  // A layout effect: it runs before the builder's own effects when its chunk is already loaded, so they find it.
  useLayoutEffect(() => {
    if (!mapId && !ids) return;
    const leaving = new AbortController();
    if (mapId) prefetchMap(client, mapId, user.id, leaving.signal);
    else prefetchDatasets(client, ids.split('\n'), leaving.signal);
    return () => leaving.abort();
  }, [client, ids, mapId, user.id]);
  return children;
}
