// A published map as a light viewer: kepler.gl of the map builder in read-only mode (no side panel, no add-data, no
// editing), the snapshot's config over its datasets, our offline basemaps only. Who reads the datasets is the page's
// business (the public data route, or the owner's own access in a preview).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Table } from 'apache-arrow';
import type { PublishedDatasetRef, StateData } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { loadBasemapStyles, addDatasets, type LoadedDataset, configureKepler, KeplerMap, createMapStore, whenInstanceReady, readSavedConfig } from '../map-builder';
import '../map-builder/map-builder.css';

export type TableLoader = (dataset: PublishedDatasetRef) => Promise<Table>;

export interface PublishedMapViewProps {
  /** The state the map was (or would be) published with: kepler.gl's {version, config}. */
  state: StateData | null;
  datasets: readonly PublishedDatasetRef[];
  loadTable: TableLoader;
}

interface Failure {
  name: string;
  text: string;
}

/** Our offline basemaps (public): a published map shows no user's style asset, which its viewers could not read. */
function useBasemaps() {
  const client = useApiClient();
  return useQuery({
    queryKey: ['publishing', 'basemaps'],
    queryFn: () => loadBasemapStyles(client, window.location.origin),
    retry: false,
    staleTime: Infinity,
  });
}

export function PublishedMapView({ state, datasets, loadTable }: PublishedMapViewProps) {
  configureKepler(window.location.origin);
  const [mapStore] = useState(createMapStore);
  const [loading, setLoading] = useState(true);
  const [failures, setFailures] = useState<Failure[]>([]);
  const basemaps = useBasemaps();
  const ready = !basemaps.isPending;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    void whenInstanceReady(mapStore.store).then(async () => {
      const loaded = await Promise.all(
        datasets.map(async (dataset): Promise<LoadedDataset | null> => {
          try {
            return { dataset, table: await loadTable(dataset) };
          } catch (error) {
            if (live) setFailures((list) => [...list, { name: dataset.name, text: errorText(error) }]);
            return null;
          }
        }),
      );
      if (!live) return;
      const config = readSavedConfig(state);
      addDatasets(
        mapStore.store,
        loaded.filter((entry): entry is LoadedDataset => entry !== null),
        { ...(config ? { config } : {}), readOnly: true },
      );
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [ready, mapStore, datasets, loadTable, state]);

  return (
    <div className="publishing-map" data-testid="published-map" aria-busy={loading}>
      {failures.length > 0 && (
        <ul className="publishing-map__failures" aria-label="Datasets that could not be loaded">
          {failures.map((failure) => (
            <li key={failure.name} role="alert">
              Could not load “{failure.name}”: {failure.text}
            </li>
          ))}
        </ul>
      )}
      {basemaps.isError && (
        <p className="publishing-map__notice" role="alert">
          The basemaps could not be read ({errorText(basemaps.error)}); the map shows without one.
        </p>
      )}
      <div className="map-builder__map publishing-map__canvas">
        {ready ? <KeplerMap store={mapStore.store} mapStyles={basemaps.data ?? []} palettes={[]} readOnly mint /> : <Spinner label="Preparing the map…" />}
        {ready && loading && (
          <div className="publishing-map__loading">
            <Spinner label="Loading the map’s data…" />
          </div>
        )}
      </div>
    </div>
  );
}
