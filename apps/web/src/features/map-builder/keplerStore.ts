// The map builder's own redux store: kepler.gl's reducer and middleware, with its "add data" dialog replaced by ours.
import { applyMiddleware, combineReducers, createStore, type Middleware, type Store } from 'redux';
import { ActionTypes, registerEntry, updateMap, wrapTo } from '@kepler.gl/actions';
import { ADD_DATA_ID } from '@kepler.gl/constants';
// By name: under Vite's CommonJS interop the default import is not the reducer (see architecture.md).
import { enhanceReduxMiddleware, keplerGlReducer } from '@kepler.gl/reducers';
import { LayerClasses } from '@kepler.gl/layers';
import { ATLAS_LIGHT_STYLE_ID } from '../map-builder-prefetch';
import { AtlasPointLayer } from './point-sprites';
import { HEX_TILE_LAYER, hexTileLayer } from './hex-tiles/HexTileLayer';
import { atlasVectorTileLayer } from './vector-tiles/AtlasVectorTileLayer';
import type { TileReader } from './vector-tiles/tileSource';

/** The id of the one kepler.gl instance; its state lives at `state.keplerGl[KEPLER_ID]`. */
export const KEPLER_ID = 'atlas-map';

/** The store and the handler its add-data buttons call (set by the screen showing the map). */
export interface MapStore {
  store: Store;
  /** Called instead of opening kepler.gl's own add-data dialog (every button that would open it). */
  onAddData: { current: () => void };
}

/** Swallows kepler.gl's "open the add-data modal" action and calls ours instead. */
function addDataInterceptor(onAddData: () => void): Middleware {
  return () => (next) => (action) => {
    const { type, payload } = action as { type?: string; payload?: unknown };
    if (type === ActionTypes.TOGGLE_MODAL && payload === ADD_DATA_ID) {
      onAddData();
      return action;
    }
    return next(action);
  };
}

export interface MapStoreOptions {
  /**
   * How tiles are read (with the user's session): vector tiles (without it kepler.gl's own layer, which sends no
   * token) and hex tiles (without it no Hex Tile layer).
   */
  readTile?: TileReader;
}

export function createMapStore({ readTile }: MapStoreOptions = {}): MapStore {
  const onAddData = { current: () => {} };
  const reducer = combineReducers({
    keplerGl: keplerGlReducer.initialState({
      // kepler.gl opens its add-data dialog on an empty map; ours opens from the page instead.
      uiState: { currentModal: null },
      mapStyle: { styleType: ATLAS_LIGHT_STYLE_ID },
      // Large point datasets drawn as point sprites (see point-sprites/PointSpriteLayer.ts), under kepler.gl's "point".
      // Vector tilesets read with the session (vector-tiles/AtlasVectorTileLayer.ts), under kepler.gl's "vectorTile".
      // Hex tilesets drawn by our Hex Tile layer (hex-tiles/HexTileLayer.ts), under "hexTile".
      visState: { layerClasses: { ...LayerClasses, point: AtlasPointLayer, ...(readTile ? { vectorTile: atlasVectorTileLayer(readTile), [HEX_TILE_LAYER]: hexTileLayer(readTile) } : {}) } },
    }),
  });
  const store = createStore(reducer, {}, applyMiddleware(...enhanceReduxMiddleware([addDataInterceptor(() => onAddData.current())])));
  return { store, onAddData };
}

/** kepler.gl's state of our instance, once registered (registerInstance, or kepler.gl's mount). */
export function keplerInstance(store: Store): KeplerInstanceState | undefined {
  return (store.getState() as { keplerGl: Record<string, KeplerInstanceState | undefined> }).keplerGl[KEPLER_ID];
}

/** The parts of kepler.gl's instance state the builder reads. */
export interface KeplerInstanceState {
  visState: {
    datasets: Record<string, unknown>;
    layers: Array<{ id: string; type: string | null; config: { dataId: string; label: string } }>;
    filters: Array<{ id: string; dataId: string[]; name: string[] }>;
    /** Datasets kepler.gl is still making (it counts each addDataToMap until its datasets are made). */
    loadingIndicator?: number;
  };
  mapState: unknown;
  mapStyle: unknown;
  uiState: unknown;
}

/**
 * Registers our kepler.gl instance before <KeplerGl> mounts, with what KeplerMap gives kepler.gl (it then mounts with
 * mint false and keeps this state). Data added before the mount is in the instance when kepler.gl's map first
 * renders, and its view state context starts from the view fitted to it: deck.gl's first frame is the map the user is
 * meant to see. Data added after the mount is first drawn under the view kepler.gl started with, then again once the
 * fitted view reaches that context (each a full draw of every point).
 */
export function registerInstance(store: Store): void {
  store.dispatch(registerEntry({ id: KEPLER_ID, mint: true, mapboxApiAccessToken: KEPLER_MAPBOX_TOKEN, mapStylesReplaceDefault: true }) as never);
}

/**
 * Resolves once kepler.gl has made (or failed to make) every dataset handed to it and fitted the map to them: it
 * makes them in a task after addDataToMap, counting them in its loading indicator, then fits the map in a further
 * task, dispatched as soon as the promise it waits on resolves (before the next macrotask).
 */
export async function whenDatasetsSettled(store: Store): Promise<void> {
  const settled = () => (keplerInstance(store)?.visState.loadingIndicator ?? 0) === 0;
  await new Promise<void>((resolve) => {
    if (settled()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Gives the instance the size of the box kepler.gl is about to fill, as its resize handler would once mounted (a box
 * not laid out yet is left alone, as there). Called once the data is in and fitted (whenDatasetsSettled): the view
 * stays fitted at kepler.gl's default size, as it always was here (the data came before kepler.gl's first resize
 * report; all points clear of its side panel), and that report then changes nothing: deck.gl does not draw every
 * point again for it.
 */
export function sizeInstance(store: Store, box: Element | null): void {
  const rect = box?.getBoundingClientRect();
  const size = { width: Math.floor(rect?.width ?? 0), height: Math.floor(rect?.height ?? 0) };
  if (size.width > 0 && size.height > 0) store.dispatch(wrapTo(KEPLER_ID, updateMap(size) as never) as never);
}

/**
 * Resolves once kepler.gl can mount over the data handed to the instance: the data made and fitted
 * (whenDatasetsSettled), then the instance given the size of `box` (sizeInstance), read only then, so that what
 * showed above the map meanwhile (notices, failures) is laid out.
 */
export async function whenReadyToMount(store: Store, box: { readonly current: Element | null }): Promise<void> {
  await whenDatasetsSettled(store);
  sizeInstance(store, box.current);
}

/** No Mapbox token: every basemap is ours (the empty token KeplerMap passes as well). */
export const KEPLER_MAPBOX_TOKEN = '';
