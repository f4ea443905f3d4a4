// A published map as a light viewer: kepler.gl of the map builder in read-only mode (no side panel, no add-data, no
// editing), the snapshot's config over its datasets, our offline basemaps only. Who reads the datasets and tiles is the
// page's business (the published map's public routes, or the owner's own access in a preview): the tile layers are the
// map builder's, given the page's tile reader and tile routes.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Table } from 'apache-arrow';
import type { PublishedDatasetRef, StateData } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { loadBasemapStyles, addDatasets, type LoadedDataset, configureKepler, KeplerMap, createMapStore, registerInstance, whenReadyToMount, readSavedConfig } from '../map-builder';
import { HEX_TILE_LAYER } from '../map-builder/hex-tiles/HexTileLayer';
import type { KeplerHexTileDataset } from '../map-builder/hex-tiles/tilesetDataset';
import type { KeplerSavedConfig } from '../map-builder/mapState';
import type { TileReader } from '../map-builder/vector-tiles/tileSource';
import type { KeplerTileDataset } from '../map-builder/vector-tiles/tilesetDataset';
import '../map-builder/map-builder.css';

/** A tileset as the layer drawing it reads it: hex tiles (our hexTile layer) or vector tiles (kepler.gl's vectorTile). */
export type TileKind = 'hex' | 'vector';

/** How the page reads the map: a dataset's rows, a tileset's description (kepler.gl's ProtoDataset), its tiles. */
export interface MapReads {
  loadTable(dataset: PublishedDatasetRef): Promise<Table>;
  loadTileset(dataset: PublishedDatasetRef, kind: TileKind): Promise<KeplerHexTileDataset | KeplerTileDataset>;
  readTile: TileReader;
}

const TILE_LAYERS: Record<string, TileKind> = { [HEX_TILE_LAYER]: 'hex', vectorTile: 'vector' };

/** The tilesets of a saved config: each dataset a tile layer draws, by that layer's kind (the others are read as rows). */
export function tilesetKinds(config: KeplerSavedConfig | null): Map<string, TileKind> {
  const layers = (config?.config.visState as { layers?: unknown } | undefined)?.layers;
  const kinds = new Map<string, TileKind>();
  for (const layer of Array.isArray(layers) ? (layers as Array<{ type?: unknown; config?: { dataId?: unknown } } | null>) : []) {
    const kind = typeof layer?.type === 'string' ? TILE_LAYERS[layer.type] : undefined;
    if (kind && typeof layer?.config?.dataId === 'string') kinds.set(layer.config.dataId, kind);
  }
  return kinds;
}

export interface PublishedMapViewProps {
  /** The state the map was (or would be) published with: kepler.gl's {version, config}. */
  state: StateData | null;
  datasets: readonly PublishedDatasetRef[];
  reads: MapReads;
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

export function PublishedMapView({ state, datasets, reads }: PublishedMapViewProps) {
  configureKepler(window.location.origin);
  // Registered at once, as in the map builder: the data goes in and is fitted before kepler.gl mounts, so its first
  // draw is the fitted view (see registerInstance).
  const [mapStore] = useState(() => {
    const created = createMapStore({ readTile: reads.readTile });
    registerInstance(created.store);
    return created;
  });
  const [loading, setLoading] = useState(true);
  const [failures, setFailures] = useState<Failure[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const basemaps = useBasemaps();
  const ready = !basemaps.isPending;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    const config = readSavedConfig(state);
    const tilesets = tilesetKinds(config);
    void (async () => {
      const loaded = await Promise.all(
        datasets.map(async (dataset): Promise<LoadedDataset | null> => {
          const kind = tilesets.get(dataset.id);
          try {
            return kind ? { dataset, tiles: await reads.loadTileset(dataset, kind) } : { dataset, table: await reads.loadTable(dataset) };
          } catch (error) {
            if (live) setFailures((list) => [...list, { name: dataset.name, text: errorText(error) }]);
            return null;
          }
        }),
      );
      if (!live) return;
      addDatasets(
        mapStore.store,
        loaded.filter((entry): entry is LoadedDataset => entry !== null),
        { ...(config ? { config } : {}), readOnly: true },
      );
      // After the basemaps settled (ready): the box is sized with their notice, if any, above it.
      await whenReadyToMount(mapStore.store, box);
      if (live) setLoading(false);
    })();
    return () => {
      live = false;
    };
  }, [ready, mapStore, datasets, reads, state]);

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
      <div ref={box} className="map-builder__map publishing-map__canvas">
        {loading ? <Spinner label={ready ? 'Loading the map’s data…' : 'Preparing the map…'} /> : <KeplerMap store={mapStore.store} mapStyles={basemaps.data ?? []} palettes={[]} readOnly />}
      </div>
    </div>
  );
}
