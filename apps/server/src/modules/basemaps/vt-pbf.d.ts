// vt-pbf ships no types: the one function this module calls.
declare module 'vt-pbf' {
  /** A geojson-vt tile layer, or one built the same way: features in tile coordinates, properties in `tags`. */
  export interface TileLayer {
    features: ReadonlyArray<{ type: 1 | 2 | 3; geometry: unknown; tags: Record<string, unknown> | null; id?: number }>;
  }
  export function fromGeojsonVt(layers: Record<string, TileLayer>, options?: { version?: number; extent?: number }): Uint8Array;
}
