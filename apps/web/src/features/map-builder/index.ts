// The map builder (kepler.gl): load it lazily, it carries kepler.gl, deck.gl and MapLibre.
export { MapPage, NewMapPage } from './MapBuilderPages';
