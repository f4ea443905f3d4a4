// Vector tilesets built from datasets and query results, and their tiles (docs/vector-tiles.md).
export { vectorTileRoutes } from './routes.js';
export { vectorTiles } from './context.js';
export { startTiling, type TilingRequest, type TilingSource, type VectorTiles } from './service.js';
