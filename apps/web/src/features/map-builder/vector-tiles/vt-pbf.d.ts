// vt-pbf ships no types: the one function the tile tests encode with (the server's tile encoder).
declare module 'vt-pbf' {
  const vtpbf: { fromGeojsonVt(layers: Record<string, unknown>, options?: { version?: number }): Uint8Array };
  export default vtpbf;
}
