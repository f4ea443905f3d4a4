// The map builder's routes: /new (?datasetUuid=…, ?connectorUuid=…) and /{mapId} (?convertedFromKepler=true).
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { CONVERTED_FROM_KEPLER, paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { StandalonePage } from '../../ui/StandalonePage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { MapBuilder } from './MapBuilder';
import { openMap } from './mapAccess';

export function NewMapPage() {
  const [search] = useSearchParams();
  const connectorId = search.get('connectorUuid');
  if (connectorId) return <ConnectorNotice connectorId={connectorId} />;
  return <MapBuilder datasetIds={search.getAll('datasetUuid')} />;
}

export function MapPage() {
  const { mapId = '' } = useParams();
  const [search] = useSearchParams();
  const client = useApiClient();
  const user = useSignedInUser();
  const opened = useQuery({
    queryKey: ['map-builder', 'open', mapId],
    queryFn: () => openMap(client, mapId, user.id),
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

/** Maps start from datasets; a connector's data becomes a dataset on the connectors screen, which is not built yet. */
function ConnectorNotice({ connectorId }: { connectorId: string }) {
  useDocumentTitle('New map');
  return (
    <StandalonePage brandLink={paths.workspace()}>
      <div className="card state-card">
        <h1 className="state-card__title">Maps from connectors come with the connectors screen</h1>
        <p className="state-card__text">
          A map is drawn from datasets, and no dataset can be made from the data connector {connectorId} in this version. Upload the data as a dataset, or
          start a map from one you already have.
        </p>
        <p>
          <Link className="button button--primary" to={paths.newMap()}>
            Start a map from datasets
          </Link>{' '}
          <Link className="button" to={paths.datasets()}>
            Go to datasets
          </Link>
        </p>
      </div>
    </StandalonePage>
  );
}
