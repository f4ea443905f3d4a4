// The map builder's own redux store: kepler.gl's reducer and middleware, with its "add data" dialog replaced by ours.
import { applyMiddleware, combineReducers, createStore, type Middleware, type Store } from 'redux';
import { ActionTypes } from '@kepler.gl/actions';
import { ADD_DATA_ID } from '@kepler.gl/constants';
// By name: under Vite's CommonJS interop the default import is not the reducer (see architecture.md).
import { enhanceReduxMiddleware, keplerGlReducer } from '@kepler.gl/reducers';
import { LayerClasses } from '@kepler.gl/layers';
import { ATLAS_LIGHT_STYLE_ID } from './basemaps';
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

/** kepler.gl's state of our instance, once it mounted. */
export function keplerInstance(store: Store): KeplerInstanceState | undefined {
  return (store.getState() as { keplerGl: Record<string, KeplerInstanceState | undefined> }).keplerGl[KEPLER_ID];
}

/** The parts of kepler.gl's instance state the builder reads. */
export interface KeplerInstanceState {
  visState: {
    datasets: Record<string, unknown>;
    layers: Array<{ id: string; type: string | null; config: { dataId: string; label: string } }>;
    filters: Array<{ id: string; dataId: string[]; name: string[] }>;
  };
  mapState: unknown;
  mapStyle: unknown;
  uiState: unknown;
}

/** Resolves once kepler.gl registered its instance (after <KeplerGl> mounted): before, addDataToMap reaches nothing. */
export function whenInstanceReady(store: Store): Promise<void> {
  return new Promise((resolve) => {
    if (keplerInstance(store)) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!keplerInstance(store)) return;
      unsubscribe();
      resolve();
    });
  });
}
