import { gzipSync } from 'node:zlib';
import { fromGeojsonVt, type TileLayer } from 'vt-pbf';
import { MemoryResultCache } from '../../cache/memory.js';
import { notFound } from '../../http/errors.js';
import { countryLabels, loadCities, loadStateBorders, loadWorld, type World } from './sources.js';
import { TILE_BUFFER, TILE_EXTENT, TileIndexes } from './tile-index.js';

/** The deepest zoom the tiles are cut at (the style's source maxzoom); MapLibre overzooms beyond. */
export const MAX_TILE_ZOOM = 10;
/** From this zoom the tiles carry the 1:10m shapes; below it the 1:50m ones. */
export const DETAIL_ZOOM = 4;

/** Tiles sliced per index group before it is rebuilt: each costs about 6 KB of the detailed world's index. */
const MAX_INDEX_TILES = 10_000;
/** Encoded, gzipped tiles kept in memory. */
const TILE_CACHE_BYTES = 64 * 1024 * 1024;
const NEVER = new Date(8.64e15);

/** The sea: one square a little larger than the tile, under the land. */
const SEA: TileLayer = {
  features: [
    {
      type: 3,
      tags: {},
      geometry: [
        [
          [-TILE_BUFFER, -TILE_BUFFER],
          [TILE_EXTENT + TILE_BUFFER, -TILE_BUFFER],
          [TILE_EXTENT + TILE_BUFFER, TILE_EXTENT + TILE_BUFFER],
          [-TILE_BUFFER, TILE_EXTENT + TILE_BUFFER],
          [-TILE_BUFFER, -TILE_BUFFER],
        ],
      ],
    },
  ],
};

/** Only the point features shown from zoom z on (their `minzoom` tag). */
function shownAt(layer: TileLayer | undefined, z: number): TileLayer | undefined {
  const features = layer?.features.filter((feature) => Number(feature.tags?.minzoom) <= z) ?? [];
  return features.length > 0 ? { features } : undefined;
}

const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * The basemap's vector tiles. Source layers: water, countries (name, color), country_borders, state_borders,
 * country_labels (name, rank) and places (name, population, rank, capital). Every tile holds at least the sea, so
 * there are no empty tiles.
 */
export class BasemapTiles {
  private readonly overviewWorld = once(() => loadWorld('50m'));
  private readonly stateBorders = once(loadStateBorders);
  private readonly cities = once(loadCities);
  private readonly cache = new MemoryResultCache(TILE_CACHE_BYTES);

  /** Countries and their borders at 1:50m, below DETAIL_ZOOM. */
  private readonly overview = new TileIndexes(() => this.worldLayers(this.overviewWorld()), { maxZoom: DETAIL_ZOOM - 1, maxTiles: MAX_INDEX_TILES });
  /** The same at 1:10m, colored like the overview, from DETAIL_ZOOM on. */
  private readonly detail = new TileIndexes(() => this.worldLayers(loadWorld('10m', this.overviewWorld().colors)), {
    maxZoom: MAX_TILE_ZOOM,
    maxTiles: MAX_INDEX_TILES,
  });
  /** What is drawn over the land at every zoom: state borders, country names and cities. */
  private readonly overlay = new TileIndexes(
    () => ({ state_borders: this.stateBorders(), country_labels: countryLabels(this.overviewWorld().countries), places: this.cities() }),
    { maxZoom: MAX_TILE_ZOOM, maxTiles: MAX_INDEX_TILES },
  );

  private worldLayers(world: World) {
    return { countries: world.countries, country_borders: world.borders };
  }

  /** The gzipped Mapbox Vector Tile (version 2) at z/x/y; 404 outside the tile pyramid. */
  async tile(z: number, x: number, y: number): Promise<Buffer> {
    if (z > MAX_TILE_ZOOM || x >= 2 ** z || y >= 2 ** z) {
      throw notFound('Tile not found', `Tiles go from zoom 0 to ${MAX_TILE_ZOOM}, with x and y below 2^zoom; got ${z}/${x}/${y}`);
    }
    const key = `${z}/${x}/${y}`;
    const cached = await this.cache.get(key);
    if (cached) return cached.bytes;
    const bytes = gzipSync(this.encode(z, x, y));
    await this.cache.set(key, bytes, { expiresAt: NEVER, tags: [] });
    return bytes;
  }

  private encode(z: number, x: number, y: number): Uint8Array {
    const world = (z < DETAIL_ZOOM ? this.overview : this.detail).tile(z, x, y);
    const { state_borders, country_labels, places } = this.overlay.tile(z, x, y);
    const layers: Record<string, TileLayer | undefined> = {
      water: SEA,
      ...world,
      state_borders,
      country_labels: shownAt(country_labels, z),
      places: shownAt(places, z),
    };
    const present = Object.fromEntries(Object.entries(layers).filter((entry): entry is [string, TileLayer] => entry[1] !== undefined));
    return fromGeojsonVt(present, { version: 2, extent: TILE_EXTENT });
  }
}
