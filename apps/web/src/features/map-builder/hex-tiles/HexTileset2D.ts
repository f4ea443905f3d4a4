// deck.gl's tile cache and loading for hex tiles: a tile is an H3 cell (index {i: cell, z: its resolution}) instead of a
// Web Mercator square. Which cells a view needs is tileIndices.ts's; the tree deck.gl keeps (parents shown while
// children load) follows H3's parents.
import { _Tileset2D as Tileset2D, type GeoBoundingBox } from '@deck.gl/geo-layers/typed';
import { cellToParent } from 'h3-js';
import { cellBox, tilesInView, type Bounds, type TileLevels } from './tileIndices';

export interface HexTileIndex {
  /** The tile's cell. */
  i: string;
  /** Its resolution: the tile z of the tile routes (`{z}` in a URL template). */
  z: number;
  /** The world copy it is drawn in (tileIndices.ts WorldCell): 0, or ±1 across the antimeridian from the view. */
  w: number;
}

/** The longitude/latitude box of a tile's cell in its world copy (deck.gl culls tiles by it). */
function tileBox({ i, w }: HexTileIndex): GeoBoundingBox {
  const [west, south, east, north] = cellBox(i);
  return { west: west + 360 * w, south, east: east + 360 * w, north };
}

type IndicesArgs = Parameters<Tileset2D['getTileIndices']>[0];
type ViewportLike = { zoom: number; latitude?: number; getBounds(): number[] };

/**
 * The tileset class for one hex tileset: its levels, and per tile resolution the tiles holding data when its index
 * listed them (the others are never asked for: empty ocean costs no request).
 */
export function hexTilesetClass(levels: TileLevels, tilesWithData: Readonly<Record<number, readonly string[]>>): typeof Tileset2D {
  const withData = new Map(Object.entries(tilesWithData).map(([z, cells]) => [Number(z), new Set(cells)]));
  class HexTileset2D extends Tileset2D {
    override getTileIndices({ viewport }: IndicesArgs) {
      const view = viewport as unknown as ViewportLike;
      if (view.latitude === undefined) return [];
      const { z, tiles } = tilesInView({ zoom: view.zoom, latitude: view.latitude, bounds: view.getBounds() as Bounds }, levels);
      const known = withData.get(z);
      const indices: HexTileIndex[] = (known ? tiles.filter(({ cell }) => known.has(cell)) : tiles).map(({ cell, world }) => ({ i: cell, z, w: world }));
      return indices as never;
    }

    override getTileId(index: unknown) {
      const { i, w } = index as HexTileIndex;
      return w ? `${i}@${w}` : i;
    }

    override getTileZoom(index: unknown) {
      return (index as HexTileIndex).z;
    }

    override getTileMetadata(index: unknown) {
      return { bbox: tileBox(index as HexTileIndex) };
    }

    override getParentIndex(index: unknown) {
      const { i, z, w } = index as HexTileIndex;
      return (z === 0 ? index : { i: cellToParent(i, z - 1), z: z - 1, w }) as never;
    }
  }
  return HexTileset2D;
}
