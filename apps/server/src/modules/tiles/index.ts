// Hex tiles: building tilesets, the tile proxy and shapify (see docs/tiles.md).
export { tileRoutes } from './routes.js';
