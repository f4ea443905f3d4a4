// Datasets read for the map, each with what the user sees while it comes: the download's bytes, a vector tileset's
// build progress, a failure, or (a dataset too large for the browser) the offer to build its vector tiles. A hex
// tileset is described from its record, quantiles and index (hex-tiles/tilesetDataset.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dataset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { takePrefetch } from '../map-builder-prefetch';
import { BUILD_TILES_OFFER, BUILD_TILES_REFUSED, downloadArrow, tooLargeReason, type DownloadProgress } from './datasetLoader';
import { loadHexTileDataset } from './hex-tiles/tilesetDataset';
import type { LoadedDataset } from './keplerActions';
import { mayBuildTiles, startTileBuild, waitForTileset } from './vector-tiles/tileBuild';
import { keplerTileDataset } from './vector-tiles/tilesetDataset';

export interface DatasetLoadView {
  id: string;
  name: string;
  progress: DownloadProgress | null;
  /** A vector tileset being built: the share done (0..1). */
  building: number | null;
  error: string | null;
  /** Too large for the browser: why, and whether the user may build its vector tiles instead. */
  tooLarge: { reason: string; canBuild: boolean; source: Dataset } | null;
}

const fresh = (id: string, name: string): DatasetLoadView => ({ id, name, progress: null, building: null, error: null, tooLarge: null });

export function useDatasetLoads() {
  const client = useApiClient();
  const user = useSignedInUser();
  const [loads, setLoads] = useState<DatasetLoadView[]>([]);
  // Waiting on a tileset's build stops when the builder leaves.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const patch = useCallback((id: string, change: Partial<DatasetLoadView>) => {
    setLoads((list) => list.map((load) => (load.id === id ? { ...load, ...change } : load)));
  }, []);
  const settle = useCallback((id: string) => setLoads((list) => list.filter((item) => item.id !== id)), []);

  /** A vector tileset as kepler.gl draws it, once built (following a build still running). */
  const tiles = useCallback(
    async (dataset: Dataset): Promise<LoadedDataset> => {
      const ready = await waitForTileset(client, dataset, { onProgress: (share) => patch(dataset.id, { building: share }), signal: leaving.current.signal });
      const described = keplerTileDataset(ready, window.location.origin);
      if (!described) throw new Error('The tileset has no tiles yet.');
      return { dataset: ready, tiles: described };
    },
    [client, patch],
  );

  /** Reads the dataset (by id, or as the caller has it) for the map; null when it failed or is offered tiles (shown). */
  const load = useCallback(
    async (source: string | Dataset): Promise<LoadedDataset | null> => {
      const id = typeof source === 'string' ? source : source.id;
      setLoads((list) => [...list.filter((item) => item.id !== id), fresh(id, typeof source === 'string' ? 'Dataset' : source.name)]);
      try {
        // Started when the route named it (map-builder-prefetch), before this code had loaded.
        const prefetched = typeof source === 'string' ? takePrefetch(source) : undefined;
        const dataset = typeof source === 'string' ? await (prefetched?.record ?? client.datasets.get(source)) : source;
        patch(id, { name: dataset.name });
        if (dataset.type === 'hex-tile') {
          // kepler.gl's ProtoDataset of a hex tileset goes through addDatasets as a vector tileset's does.
          const loaded = { dataset, tiles: await loadHexTileDataset(client, dataset, leaving.current.signal) };
          settle(id);
          return loaded;
        }
        if (dataset.type === 'vector-tile') {
          const loaded = await tiles(dataset);
          settle(id);
          return loaded;
        }
        const tooLarge = tooLargeReason(dataset);
        if (tooLarge) {
          patch(id, { tooLarge: { reason: tooLarge, canBuild: mayBuildTiles(dataset, user), source: dataset } });
          return null;
        }
        const table = await downloadArrow(client, id, { onProgress: (progress) => patch(id, { progress }), signal: leaving.current.signal, prefetched });
        settle(id);
        return { dataset, table };
      } catch (error) {
        if (!leaving.current.signal.aborted) patch(id, { error: errorText(error) });
        return null;
      }
    },
    [client, patch, settle, tiles, user],
  );

  /** Builds the source's vector tiles (POST /v1/datasets/vectortile) and reads the tileset once ready. */
  const buildTiles = useCallback(
    async (source: Dataset): Promise<LoadedDataset | null> => {
      setLoads((list) => [...list.filter((item) => item.id !== source.id), { ...fresh(source.id, source.name), building: 0 }]);
      // The source's entry until the server accepted the build, then the new tileset's.
      let id = source.id;
      try {
        const tileset = await startTileBuild(client, source.id);
        id = tileset.id;
        setLoads((list) => [...list.filter((item) => item.id !== source.id), { ...fresh(tileset.id, tileset.name), building: 0 }]);
        const loaded = await tiles(tileset);
        settle(id);
        return loaded;
      } catch (error) {
        const text = id === source.id ? `Could not build vector tiles: ${errorText(error)}` : errorText(error);
        if (!leaving.current.signal.aborted) patch(id, { building: null, error: text });
        return null;
      }
    },
    [client, patch, settle, tiles],
  );

  return { loads, load, buildTiles, dismiss: settle };
}

/** What the load list says of a dataset too large for the browser. */
export function tooLargeText({ reason, canBuild }: NonNullable<DatasetLoadView['tooLarge']>): string {
  return `${reason} ${canBuild ? BUILD_TILES_OFFER : BUILD_TILES_REFUSED}`;
}
