import type { GeoJSON } from 'geojson';
import geojsonvt from 'geojson-vt';
import type { TileLayer } from 'vt-pbf';

type Index = ReturnType<typeof geojsonvt>;

export interface TileIndexOptions {
  /** The deepest zoom sliced; MapLibre overzooms beyond it. */
  maxZoom: number;
  /**
   * geojson-vt keeps every tile it has sliced (with the source geometry of the deepest ones), so memory grows with the
   * tiles asked for. Past this many tiles the indexes are dropped and built again at the next request.
   */
  maxTiles: number;
}

/** Tiles are 4096 units wide; features reach 64 units beyond each edge so that lines and fills join without seams. */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 64;

/**
 * geojson-vt indexes of some source layers, built together from one load at the first request (not at start-up:
 * the detailed shapes take about a second), then kept until they exceed `maxTiles`.
 */
export class TileIndexes {
  private indexes: Map<string, Index> | null = null;

  constructor(
    private readonly load: () => Record<string, GeoJSON>,
    private readonly options: TileIndexOptions,
  ) {}

  /** Each source layer's features in tile (z, x, y); layers with none are left out. */
  tile(z: number, x: number, y: number): Record<string, TileLayer> {
    const layers: Record<string, TileLayer> = {};
    for (const [name, index] of this.current()) {
      const tile = index.getTile(z, x, y);
      // geojson-vt's types describe every geometry as one ring; at run time it follows the vector tile specification.
      if (tile && tile.features.length > 0) layers[name] = tile as unknown as TileLayer;
    }
    return layers;
  }

  private current(): Map<string, Index> {
    const tiles = this.indexes ? [...this.indexes.values()].reduce((sum, index) => sum + index.tileCoords.length, 0) : 0;
    if (!this.indexes || tiles > this.options.maxTiles) {
      const options = { maxZoom: this.options.maxZoom, indexMaxZoom: Math.min(this.options.maxZoom, 4), extent: TILE_EXTENT, buffer: TILE_BUFFER };
      this.indexes = new Map(Object.entries(this.load()).map(([name, data]) => [name, geojsonvt(data, options)]));
    }
    return this.indexes;
  }
}
