// Cutting features into the tiles of a zoom range with geojson-vt: simplified by zoom (geojson-vt's Douglas-Peucker
// tolerance shrinks as the zoom grows; none at the deepest zoom), each tile thinned to its byte cap.
import type { FeatureCollection } from 'geojson';
import geojsonvt from 'geojson-vt';
import { encodeWithinCap, TILE_EXTENT, type TileFeature } from './thinning.js';

/** Features reach this far (tile units) beyond each edge, so that lines and fills join without seams. */
export const TILE_BUFFER = 64;
/** Down to this depth below zoom 0 the finished share of the world is counted for progress. */
const PROGRESS_DEPTH = 4;

export interface TilerOptions {
  minZoom: number;
  maxZoom: number;
  maxTileBytes: number;
  layerName: string;
}

export interface CutTile {
  z: number;
  x: number;
  y: number;
  /** Encoded, not gzipped. */
  data: Uint8Array;
  features: number;
  dropped: number;
}

/** What geojson-vt keeps per tile; `source` (features still to slice) and `tiles` are not in its published types. */
interface IndexTile {
  features: TileFeature[];
  source: unknown[] | null;
}
type Index = ReturnType<typeof geojsonvt> & { tiles: Record<number, IndexTile | undefined>; tileCoords: unknown[] };

const tileKey = (z: number, x: number, y: number) => ((1 << z) * y + x) * 32 + z;

/**
 * Every non-empty tile from minZoom to maxZoom, depth first: geojson-vt slices a tile's features into its four
 * children only when one of them is asked for, and a subtree's tiles are dropped from its index once walked, so memory
 * holds the source features plus one path of tiles, not the whole pyramid. `progress` gets the finished share (0..1)
 * of the world's area. The collection is emptied once indexed.
 */
export function* cutTiles(collection: FeatureCollection, options: TilerOptions, progress: (share: number) => void = () => undefined): Generator<CutTile> {
  const index = geojsonvt(collection, {
    maxZoom: options.maxZoom,
    indexMaxZoom: 0,
    extent: TILE_EXTENT,
    buffer: TILE_BUFFER,
    generateId: true,
  }) as Index;
  // geojson-vt keeps its own projected copy: the input is let go so that the features are not held twice.
  collection.features = [];
  let done = 0;
  /** A walked subtree at PROGRESS_DEPTH, or a shallower one that ends there, adds its share of the world. */
  const account = (z: number, deeper: boolean) => {
    if (z > PROGRESS_DEPTH || (z < PROGRESS_DEPTH && deeper)) return;
    done += 4 ** -z;
    progress(Math.min(1, done));
  };

  function* walk(z: number, x: number, y: number): Generator<CutTile> {
    const tile = index.getTile(z, x, y) as unknown as IndexTile | null;
    const own = index.tiles[tileKey(z, x, y)];
    if (tile && z >= options.minZoom && tile.features.length > 0) {
      yield { z, x, y, ...encodeWithinCap(options.layerName, tile.features, options.maxTileBytes) };
    }
    // Small shapes can vanish from a coarse tile yet show in its children: go on while features remain to slice.
    const deeper = tile !== null && z < options.maxZoom && (own?.source?.length ?? 0) > 0;
    if (deeper) {
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        yield* walk(z + 1, x * 2 + dx, y * 2 + dy);
      }
    }
    account(z, deeper);
    delete index.tiles[tileKey(z, x, y)];
    index.tileCoords.length = 0;
  }

  yield* walk(0, 0, 0);
  progress(1);
}
