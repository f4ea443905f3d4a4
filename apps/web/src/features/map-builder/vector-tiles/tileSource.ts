// The tile source our vector tile layer hands to kepler.gl's MVT layer: each tile read through the API client (the
// user's bearer token; kepler.gl's own loaders.gl source sends none) and decoded to GeoJSON features in longitude and
// latitude, in the shape kepler.gl reads (a geojson-table, whose `features` its hover and highlight use).
import { MVTLoader } from '@loaders.gl/mvt';
import type { Feature } from 'geojson';

/** Reads one tile by its URL: the bytes, or null where the tileset has no features (204). */
export type TileReader = (url: string, signal?: AbortSignal) => Promise<ArrayBuffer | null>;

/** What deck.gl's tile layer asks for (kepler.gl's MVT layer fills `url` from the layer's URL template). */
export interface TileRequest {
  index: { x: number; y: number; z: number };
  url?: string | null;
  signal?: AbortSignal;
}

export interface TileContent {
  shape: 'geojson-table';
  type: 'FeatureCollection';
  features: Feature[];
}

export interface TileSource {
  getTileData(tile: TileRequest): Promise<TileContent | null>;
}

export function tileSource(readTile: TileReader): TileSource {
  return {
    async getTileData({ index, url, signal }) {
      if (!url) return null;
      const bytes = await readTile(url, signal);
      if (!bytes || bytes.byteLength === 0) return null;
      // MVTLoader called directly gets no default options: the shape is named, and tileIndex places the features.
      const features = (await MVTLoader.parse(bytes, { mvt: { shape: 'geojson', coordinates: 'wgs84', tileIndex: index } })) as Feature[];
      return { shape: 'geojson-table', type: 'FeatureCollection', features };
    },
  };
}
