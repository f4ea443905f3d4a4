// The tile proxy's path of a hex tile (docs/tiles.md "Tile proxy"): over all time, or in one time bucket.

/** Where a tileset's tile proxy routes live for a signed-in reader; a published map's page reads them under its own base. */
export const hexTilesetBase = (tilesetId: string) => `/v1/tileset/${encodeURIComponent(tilesetId)}`;

/** `base` is the tileset's routes (hexTilesetBase or the published map's); `bucket` is the time path (`YYYY/MM/…`, its depth the interval); `z` and `cell` may be deck.gl's `{z}`, `{i}`. */
export function hexTilePath(base: string, z: number | string, cell: string, bucket: string | null = null): string {
  const tile = `${base}/${z}/${cell}`;
  return bucket ? `${tile}/time/${bucket}` : tile;
}
