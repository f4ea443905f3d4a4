// The H3 library h3-js compiles to JavaScript and ships beside its own code (see h3-bulk.ts): the calls used here.
declare module 'h3-js/dist/libh3-browser.js' {
  const libh3: {
    _malloc(bytes: number): number;
    /** H3Error latLngToCell(const LatLng *g, int res, H3Index *out): 0 on success. */
    _latLngToCell(latLng: number, res: number, out: number): number;
    readonly HEAPF64: Float64Array;
    readonly HEAPU32: Uint32Array;
  };
  export default libh3;
}
