// What the builder asks of kepler.gl: datasets in (as Arrow), the saved config out and back in.
import type { Store } from 'redux';
import type { Table } from 'apache-arrow';
import { addDataToMap, wrapTo } from '@kepler.gl/actions';
import { processArrowTable } from '@kepler.gl/processors';
import { KeplerGlSchema } from '@kepler.gl/schemas';
import type { Dataset } from '@atlas/domain';
import { withNumberColumns } from './arrowCompat';
import { KEPLER_ID, keplerInstance } from './keplerStore';
import type { KeplerSavedConfig } from './mapState';
import type { KeplerHexTileDataset } from './hex-tiles/tilesetDataset';
import type { KeplerTileDataset } from './vector-tiles/tilesetDataset';

/** A dataset read for the map: its rows as Arrow, or (a vector or hex tileset) kepler.gl's description of its tiles. */
export type LoadedDataset = { dataset: Pick<Dataset, 'id' | 'name'>; table: Table } | { dataset: Pick<Dataset, 'id' | 'name'>; tiles: KeplerTileDataset | KeplerHexTileDataset };

/**
 * Hands datasets to kepler.gl, keyed by our dataset UUID (so saved configs name datasets by UUID). With a saved
 * config its layers, filters, map state and style are applied; without one kepler.gl proposes layers itself.
 */
// processArrowTable takes loaders.gl's wrapper ({shape: 'arrow-table', data}) and keeps the Arrow columns as they are.
export function addDatasets(store: Store, loaded: readonly LoadedDataset[], { config, readOnly }: { config?: KeplerSavedConfig; readOnly: boolean }): void {
  const datasets = loaded.map((entry) =>
    'tiles' in entry ? entry.tiles : { info: { id: entry.dataset.id, label: entry.dataset.name }, data: processArrowTable({ shape: 'arrow-table', data: withNumberColumns(entry.table) } as never) },
  );
  const action = addDataToMap({
    datasets: datasets as never,
    ...(config ? { config: KeplerGlSchema.parseSavedConfig(config) as never } : {}),
    options: { centerMap: !config, readOnly, keepExistingConfig: true },
  });
  store.dispatch(wrapTo(KEPLER_ID, action as never));
}

/** kepler.gl's config to save ({version: 'v1', config: {visState, mapState, mapStyle}}). */
export function configToSave(store: Store): KeplerSavedConfig | null {
  const instance = keplerInstance(store);
  return instance ? (KeplerGlSchema.getConfigToSave(instance) as KeplerSavedConfig) : null;
}

/** The UUIDs of the datasets on the map. */
export function datasetIdsOnMap(store: Store): string[] {
  return Object.keys(keplerInstance(store)?.visState.datasets ?? {});
}

/**
 * What counts as an unsaved change: layers, filters, interactions and the base-map style. Panning or zooming alone
 * does not (it is saved with the next save, but leaving after only looking around should not warn).
 */
export function editSignature(saved: KeplerSavedConfig | null): string {
  if (!saved) return '';
  const { visState, mapStyle } = saved.config;
  return JSON.stringify({ visState, mapStyle });
}
