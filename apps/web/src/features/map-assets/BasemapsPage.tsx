// /workspace/basemaps: our built-in offline styles (read-only), then the user's map styles and those they can read.
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { CatalogueCard } from '../catalogue';
import { AssetsScreen } from './AssetsScreen';
import { useBasemaps } from './queries';
import { StyleDialog } from './StyleDialog';

export function BasemapsPage() {
  return (
    <AssetsScreen
      kind="map-style"
      title="Basemaps"
      subtitle="The styles maps draw their base map with: ours, served offline, and MapLibre styles of your own."
      createLabel="New map style"
      plural="map styles"
      Dialog={StyleDialog}
    >
      <BuiltInStyles />
    </AssetsScreen>
  );
}

function BuiltInStyles() {
  const basemaps = useBasemaps();
  return (
    <section className="card panel" aria-labelledby="built-in-styles">
      <h2 id="built-in-styles" className="panel__title">
        Built-in styles
      </h2>
      <p className="catalogue-list__empty">Served by this studio, with no network beyond it. Every map offers them.</p>
      {basemaps.isPending && <Spinner label="Loading the built-in styles…" />}
      {basemaps.isError && (
        <p className="form__error" role="alert">
          {errorText(basemaps.error)}
        </p>
      )}
      {basemaps.data && (
        <ul className="catalogue-grid catalogue-grid--compact" aria-label="Built-in styles">
          {basemaps.data.map((basemap) => (
            <CatalogueCard key={basemap.id} marker={{ 'data-basemap': basemap.id }} picture={<img src={basemap.iconUrl} alt="" />} name={basemap.label} meta="Built in · read-only" />
          ))}
        </ul>
      )}
    </section>
  );
}
