// kepler.gl mounted in our store, sized to its box, with the user's palettes offered in its color picker.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import type { Store } from 'redux';
import { ColorRangeSelectorFactory, injectComponents } from '@kepler.gl/components';
import { KEPLER_COLOR_PALETTES } from '@kepler.gl/constants';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { KeplerColorPalette, KeplerMapStyle } from './basemaps';
import { KEPLER_ID } from './keplerStore';

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

const KeplerGl = injectComponents([[ColorRangeSelectorFactory, AtlasColorRangeSelectorFactory]] as never) as ComponentType<Record<string, unknown>>;

// deck.gl keeps its drawing buffer so the thumbnail (and a bench's pixel probe) can read what it drew.
const DECK_PROPS = { glOptions: { preserveDrawingBuffer: true } };

export interface KeplerMapProps {
  store: Store;
  mapStyles: readonly KeplerMapStyle[];
  palettes: readonly KeplerColorPalette[];
  readOnly: boolean;
  /** False to keep the instance's state already in the store (a map handed over after its first save). */
  mint: boolean;
}

export function KeplerMap({ store, mapStyles, palettes, readOnly, mint }: KeplerMapProps) {
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
              mapboxApiAccessToken=""
              mapStyles={mapStyles}
              mapStylesReplaceDefault
              readOnly={readOnly}
              mint={mint}
              appName="Atlas Studio"
              deckGlProps={DECK_PROPS}
            />
          </UserPalettesContext.Provider>
        </Provider>
      )}
    </div>
  );
}
