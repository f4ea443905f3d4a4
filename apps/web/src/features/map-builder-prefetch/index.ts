// Dataset downloads, styles and palettes started before the map builder's chunk loads; no kepler.gl or Arrow here
// (main bundle).
export { DatasetPrefetch } from './DatasetPrefetch';
export { takeOpenedMap, takePrefetch, type DatasetPrefetch as PrefetchedDataset } from './prefetch';
export { BROWSER_BYTE_LIMIT, BROWSER_ROW_LIMIT, tooLargeReason } from './limits';
export { PROGRESS_INTERVAL_MS, fetchArrowBytes, type DownloadProgress } from './readBytes';
export { accessOf, openMap, type MapAccess } from './mapAccess';
export { clearHandedOff, markHandedOff } from './handedOff';
export {
  ATLAS_LIGHT_STYLE_ID, colorPalettesQuery, loadBasemapStyles, mapStylesQuery, type Basemap, type KeplerColorPalette, type KeplerMapStyle,
} from './basemaps';
