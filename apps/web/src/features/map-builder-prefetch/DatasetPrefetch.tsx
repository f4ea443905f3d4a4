// Starts the downloads of the datasets a map opens with as the route renders, before the map builder's chunk has
// loaded: a new map's (/new?datasetUuid=…) at once, a saved map's (/{mapId}) once its record is read, and the styles
// and palettes the builder waits for before it mounts kepler.gl. Leaving the route aborts the downloads.
import { useLayoutEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { colorPalettesQuery, mapStylesQuery } from './basemaps';
import { prefetchDatasets, prefetchMap } from './prefetch';

export function DatasetPrefetch({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
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
    // Cached for the builder's own queries of them (fresh for the client's staleTime); a failure shows there.
    void queryClient.prefetchQuery(mapStylesQuery(client, window.location.origin));
    void queryClient.prefetchQuery(colorPalettesQuery(client));
    return () => leaving.abort();
  }, [client, ids, mapId, queryClient, user.id]);
  return children;
}
