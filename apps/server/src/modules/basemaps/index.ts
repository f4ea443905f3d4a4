// The offline basemap: MapLibre styles, vector tiles and glyphs served by this server (docs/basemap.md).
export { basemapRoutes } from './routes.js';
export { acceptsGzip } from './cached-reply.js';
