// The map builder's routes: /new (?datasetUuid=…, ?connectorUuid=…) and /{mapId} (?convertedFromKepler=true). A
// viewer seat gets an explanation at /new, not a builder whose Save the server refuses.
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { CONVERTED_FROM_KEPLER, paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { StandalonePage } from '../../ui/StandalonePage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canCreate } from '../catalogue';
import { ConnectionMapStart } from '../connectors';
import { ViewerSeatNotice } from '../dashboards/ViewerSeatNotice';
import { MapBuilder } from './MapBuilder';
import { openMap, takeOpenedMap } from '../map-builder-prefetch';

export function NewMapPage() {
  const [search] = useSearchParams();
  const connectorId = search.get('connectorUuid');
  const user = useSignedInUser();
  if (!canCreate(user)) return <NoNewMap />;
  if (connectorId) return <ConnectionMapStart connectionId={connectorId} />;
  return <MapBuilder datasetIds={search.getAll('datasetUuid')} />;
}

export function MapPage() {
  const { mapId = '' } = useParams();
  const [search] = useSearchParams();
  const client = useApiClient();
  const user = useSignedInUser();
  const opened = useQuery({
    queryKey: ['map-builder', 'open', mapId],
    // Opened by map-builder-prefetch when the route matched, before this code had loaded; a retry opens it again.
    queryFn: () => takeOpenedMap(mapId) ?? openMap(client, mapId, user.id),
    // Opening takes the lock: never from a cache, never twice for one visit.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  if (opened.isError)
    return (
      <StandalonePage brandLink={paths.workspace()}>
        <ErrorState title="Could not open this map" message={errorText(opened.error)} onRetry={() => void opened.refetch()} />
      </StandalonePage>
    );
  if (!opened.data)
    return (
      <StandalonePage brandLink={paths.workspace()}>
        <Spinner label="Opening the map…" />
      </StandalonePage>
    );
  return <MapBuilder key={mapId} saved={opened.data} convertedFlag={search.get(CONVERTED_FROM_KEPLER) === 'true'} />;
}

/** /new for a viewer seat: creating a map needs a maker seat. */
function NoNewMap() {
  useDocumentTitle('New map');
  return (
    <StandalonePage brandLink={paths.workspace()}>
      <ViewerSeatNotice
        title="Maps are made by makers"
        text="you can open the maps that are shared with you or with your organization, but not make one."
        to={paths.maps()}
        linkLabel="See the maps"
        testId="new-map-viewer"
      />
    </StandalonePage>
  );
}
