// A MapLibre map of sample rows on our offline basemap (/v1/basemaps/atlas-light/style.json). Should the style not
// load, the features are drawn on a plain background instead, so the preview never depends on the basemap.
import { useEffect, useRef, useState } from 'react';
import maplibregl, { type LngLatBoundsLike, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection } from 'geojson';
import { boundsOf } from './mapSource';

export const BASEMAP_STYLE_URL = '/v1/basemaps/atlas-light/style.json';
const SOURCE_ID = 'dataset-preview';
const ACCENT = '#2563eb';

const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef4' } }],
};

async function loadStyle(): Promise<{ style: StyleSpecification; basemap: boolean }> {
  try {
    const response = await fetch(BASEMAP_STYLE_URL);
    if (!response.ok) throw new Error(`status ${response.status}`);
    return { style: (await response.json()) as StyleSpecification, basemap: true };
  } catch {
    return { style: PLAIN_STYLE, basemap: false };
  }
}

function addData(map: maplibregl.Map, collection: FeatureCollection) {
  map.addSource(SOURCE_ID, { type: 'geojson', data: collection });
  map.addLayer({ id: `${SOURCE_ID}-fill`, type: 'fill', source: SOURCE_ID, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': ACCENT, 'fill-opacity': 0.25 } });
  map.addLayer({ id: `${SOURCE_ID}-line`, type: 'line', source: SOURCE_ID, filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': ACCENT, 'line-width': 1.2 } });
  map.addLayer({
    id: `${SOURCE_ID}-points`,
    type: 'circle',
    source: SOURCE_ID,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-color': ACCENT, 'circle-radius': 3, 'circle-opacity': 0.75, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 0.6 },
  });
}

type State = 'loading' | 'drawn' | 'failed';

export function MapPreview({ collection }: { collection: FeatureCollection }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  const [basemap, setBasemap] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let map: maplibregl.Map | null = null;
    let cancelled = false;
    void loadStyle().then(({ style, basemap: loaded }) => {
      if (cancelled || !container.current) return;
      setBasemap(loaded);
      const bounds = boundsOf(collection);
      try {
        map = new maplibregl.Map({
          container: container.current,
          style,
          bounds: (bounds ?? [[-180, -60], [180, 75]]) as LngLatBoundsLike,
          fitBoundsOptions: { padding: 32, maxZoom: 13 },
          attributionControl: false,
          // Keeps the canvas readable for screenshots and the browser test.
          preserveDrawingBuffer: true,
        });
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
        setState('failed');
        return;
      }
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      map.on('load', () => {
        if (!map) return;
        addData(map, collection);
        map.once('idle', () => setState('drawn'));
      });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [collection]);

  return (
    <div className="map-preview" data-testid="map-preview" data-state={state} data-basemap={basemap === null ? undefined : String(basemap)}>
      <div ref={container} className="map-preview__canvas" />
      {state === 'failed' && (
        <p className="map-preview__message" role="alert">
          The map preview could not start: {failure}
        </p>
      )}
      {basemap === false && state !== 'failed' && <p className="map-preview__note">The basemap could not load; the data is drawn on a plain background.</p>}
    </div>
  );
}
