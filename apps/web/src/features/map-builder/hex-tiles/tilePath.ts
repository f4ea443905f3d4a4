// The tile proxy's path of a hex tile (docs/tiles.md "Tile proxy"): over all time, or in one time bucket.

/** `bucket` is the time path (`YYYY/MM/…`, its depth the interval); `z` and `cell` may be deck.gl's `{z}`, `{i}`. */
export function hexTilePath(tilesetId: string, z: number | string, cell: string, bucket: string | null = null): string {
  const tile = `/v1/tileset/${encodeURIComponent(tilesetId)}/${z}/${cell}`;
  return bucket ? `${tile}/time/${bucket}` : tile;
}
