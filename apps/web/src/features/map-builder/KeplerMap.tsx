// kepler.gl mounted in our store, sized to its box, with the user's palettes offered in its color picker, its own
// add-data, share, export and add-map-style entries replaced by the studio's, and a layer panel for our Hex Tile layer
// (through its factory injection, the supported way).
import { createContext, memo, useContext, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import type { Store } from 'redux';
import { AddDataButtonFactory, ColorRangeSelectorFactory, LayerConfiguratorFactory, MapManagerFactory, MapsLayoutFactory, PanelHeaderFactory, injectComponents } from '@kepler.gl/components';
import { KEPLER_COLOR_PALETTES } from '@kepler.gl/constants';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { KeplerColorPalette, KeplerMapStyle } from '../map-builder-prefetch';
import { AtlasDeck } from './AtlasDeck';
import { HEX_TILE_MESSAGES } from './hex-tiles/HexTileLayer';
import { AtlasLayerConfiguratorFactory } from './hex-tiles/HexTileLayerConfigurator';
import { KEPLER_ID, KEPLER_MAPBOX_TOKEN } from './keplerStore';
import { sameProps } from './sameElements';

const UserPalettesContext = createContext<readonly KeplerColorPalette[]>([]);

type SelectorProps = { colorPalettes?: readonly unknown[] } & Record<string, unknown>;

/** kepler.gl's color-range picker with the user's palettes listed before kepler.gl's own. */
function AtlasColorRangeSelectorFactory(...deps: unknown[]) {
  const Base = (ColorRangeSelectorFactory as unknown as (...args: unknown[]) => ComponentType<SelectorProps>)(...deps);
  function AtlasColorRangeSelector(props: SelectorProps) {
    const userPalettes = useContext(UserPalettesContext);
    const colorPalettes = useMemo(() => [...userPalettes, ...(props.colorPalettes ?? KEPLER_COLOR_PALETTES)], [userPalettes, props.colorPalettes]);
    return <Base {...props} colorPalettes={colorPalettes} />;
  }
  return AtlasColorRangeSelector;
}
AtlasColorRangeSelectorFactory.deps = (ColorRangeSelectorFactory as unknown as { deps: unknown[] }).deps;

/**
 * kepler.gl's side-panel header without its action items: the "Share" menu (export image, data and map, save, share
 * URL) and the cloud-storage menu. Saving, sharing and export are ours (the top bar, the maps screen), and kepler.gl's
 * own export writes files that load its scripts from a CDN. The header takes its items as the `actionItems` prop.
 */
function AtlasPanelHeaderFactory(...deps: unknown[]) {
  const Base = (PanelHeaderFactory as unknown as (...args: unknown[]) => ComponentType<Record<string, unknown>>)(...deps);
  function AtlasPanelHeader(props: Record<string, unknown>) {
    return <Base {...props} actionItems={NO_ACTIONS} />;
  }
  return AtlasPanelHeader;
}
const NO_ACTIONS: never[] = [];
AtlasPanelHeaderFactory.deps = (PanelHeaderFactory as unknown as { deps: unknown[] }).deps;

/** No "Add Data" button in kepler.gl's dataset list: data comes from our catalogue, through the top bar's "Add data". */
function NoAddDataButtonFactory() {
  return function NoAddDataButton() {
    return null;
  };
}

type MapStyleState = { mapStyles: Record<string, { layerGroups?: unknown[] }>; styleType: string; visibleLayerGroups: unknown; topLayerGroups: unknown; threeDBuildingColor: unknown; backgroundColor: unknown };
type MapStyleActions = Record<'mapStyleChange' | 'mapConfigChange' | 'set3dBuildingColor' | 'setBackgroundColor', (value: unknown) => void>;

/**
 * kepler.gl's base-map panel without its "Add Map Style" button: that dialog loads a style from any URL (another
 * host, against the offline rule) and keeps it outside the catalogue. Styles are added as map assets on the Basemaps
 * screen and offered here with ours. Built from the panel's own parts (style list, layer-group toggles).
 */
function AtlasMapManagerFactory(MapStyleSelector: ComponentType<Record<string, unknown>>, LayerGroupSelector: ComponentType<Record<string, unknown>>, PanelTitle: ComponentType<Record<string, unknown>>) {
  function AtlasMapManager({ mapStyle, mapStyleActions }: { mapStyle: MapStyleState; mapStyleActions: MapStyleActions }) {
    const [selecting, setSelecting] = useState(false);
    const editableLayers = mapStyle.mapStyles[mapStyle.styleType]?.layerGroups ?? [];
    const select = (value: unknown) => {
      mapStyleActions.mapStyleChange(value);
      setSelecting(false);
    };
    return (
      <div className="map-style-panel">
        <PanelTitle className="map-manager-title" title="Base map" />
        <MapStyleSelector mapStyle={mapStyle} isSelecting={selecting} onChange={select} toggleActive={() => setSelecting((open) => !open)} customMapStylesActions={NO_STYLE_ACTIONS} />
        {editableLayers.length > 0 && (
          <LayerGroupSelector
            layers={mapStyle.visibleLayerGroups}
            editableLayers={editableLayers}
            topLayers={mapStyle.topLayerGroups}
            onChange={mapStyleActions.mapConfigChange}
            threeDBuildingColor={mapStyle.threeDBuildingColor}
            on3dBuildingColorChange={mapStyleActions.set3dBuildingColor}
            backgroundColor={mapStyle.backgroundColor}
            onBackgroundColorChange={mapStyleActions.setBackgroundColor}
          />
        )}
      </div>
    );
  }
  return AtlasMapManager;
}
const NO_STYLE_ACTIONS = {};
AtlasMapManagerFactory.deps = (MapManagerFactory as unknown as { deps: unknown[] }).deps;

/**
 * kepler.gl's layout of its map containers, rendered only when its map state or its containers' props change.
 * kepler.gl's root re-renders the containers whenever it renders itself (its own size report after mounting, a modal
 * opened), with props that did not change; each render of a container hands deck.gl a new layers array, which deck.gl
 * redraws in full. The containers still render for their own state and contexts (the view state, the theme).
 */
function AtlasMapsLayoutFactory(...deps: unknown[]) {
  const Base = (MapsLayoutFactory as unknown as (...args: unknown[]) => ComponentType<Record<string, unknown>>)(...deps);
  return memo(Base, sameProps);
}
AtlasMapsLayoutFactory.deps = (MapsLayoutFactory as unknown as { deps: unknown[] }).deps;

const KeplerGl = injectComponents([
  [ColorRangeSelectorFactory, AtlasColorRangeSelectorFactory],
  [PanelHeaderFactory, AtlasPanelHeaderFactory],
  [AddDataButtonFactory, NoAddDataButtonFactory],
  [MapManagerFactory, AtlasMapManagerFactory],
  [LayerConfiguratorFactory, AtlasLayerConfiguratorFactory],
  [MapsLayoutFactory, AtlasMapsLayoutFactory],
] as never) as ComponentType<Record<string, unknown>>;

/** kepler.gl's English messages, with the name of our Hex Tile layer. */
const LOCALE_MESSAGES = { en: HEX_TILE_MESSAGES };

// deck.gl keeps its drawing buffer so the thumbnail (and a bench's pixel probe) can read what it drew. Its Deck is
// ours (@deck.gl/react's `Deck` prop), which does not draw the opened map again when nothing changed (see AtlasDeck).
const DECK_PROPS = { glOptions: { preserveDrawingBuffer: true }, Deck: AtlasDeck };

export interface KeplerMapProps {
  store: Store;
  mapStyles: readonly KeplerMapStyle[];
  palettes: readonly KeplerColorPalette[];
  readOnly: boolean;
}

/**
 * Mounted over an instance already registered in `store` (registerInstance), its data in: kepler.gl keeps that state
 * (mint false) and leaves it in the store when it unmounts.
 * Memoized: the builder re-renders on every notice, title keystroke and download report, and re-rendering kepler.gl's
 * whole panel tree each time slowed the download it was reporting.
 */
export const KeplerMap = memo(function KeplerMap({ store, mapStyles, palettes, readOnly }: KeplerMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="map-builder__kepler" data-testid="kepler-map">
      {size && (
        <Provider store={store}>
          <UserPalettesContext.Provider value={palettes}>
            <KeplerGl
              id={KEPLER_ID}
              width={size.width}
              height={size.height}
              mapboxApiAccessToken={KEPLER_MAPBOX_TOKEN}
              mapStyles={mapStyles}
              // The kept state was registered without kepler.gl's default styles (registerInstance), and holds ours,
              // loaded as kepler.gl mounts: replacing them again would drop ours and their layer groups.
              mapStylesReplaceDefault={false}
              readOnly={readOnly}
              mint={false}
              appName="Atlas Studio"
              deckGlProps={DECK_PROPS}
              localeMessages={LOCALE_MESSAGES}
            />
          </UserPalettesContext.Provider>
        </Provider>
      )}
    </div>
  );
});
