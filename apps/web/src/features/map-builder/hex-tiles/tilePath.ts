// The tile proxy's path of a hex tile (docs/tiles.md "Tile proxy"): over all time, in one time bucket, or every bucket of an interval.

/** Where a tileset's tile proxy routes live for a signed-in reader; a published map's page reads them under its own base. */
export const hexTilesetBase = (tilesetId: string) => `/v1/tileset/${encodeURIComponent(tilesetId)}`;

/** `base` is the tileset's routes (hexTilesetBase or the published map's); `bucket` is the time path (`YYYY/MM/…`, its depth the interval); `z` and `cell` may be deck.gl's `{z}`, `{i}`. */
export function hexTilePath(base: string, z: number | string, cell: string, bucket: string | null = null): string {
  const tile = `${base}/${z}/${cell}`;
  return bucket ? `${tile}/time/${bucket}` : tile;
}

/** The tile with every bucket of `interval` (`/range/{interval}`: rows h3, time, values ordered by time, then cell). */
export const hexTileRangePath = (base: string, z: number | string, cell: string, interval: string) => `${hexTilePath(base, z, cell)}/range/${interval}`;
