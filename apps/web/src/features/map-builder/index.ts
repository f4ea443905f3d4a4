// The map builder (kepler.gl): load it lazily, it carries kepler.gl, deck.gl and MapLibre.
export { MapPage, NewMapPage } from './MapBuilderPages';
// The read-only kepler.gl embedding the public and preview pages reuse (features/public-view).
export { KeplerMap } from './KeplerMap';
export { createMapStore, registerInstance, whenReadyToMount } from './keplerStore';
export { addDatasets, type LoadedDataset } from './keplerActions';
export { configureKepler } from './keplerConfig';
export { readSavedConfig } from './mapState';
export { loadBasemapStyles } from '../map-builder-prefetch';
export { downloadArrow } from './datasetLoader';
