import { cellToLatLng, getPentagons, latLngToCell } from 'h3-js';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { h3IndexOf } from '@atlas/pipeline';
import { writeCellIndex } from './h3-bulk.js';
import { registerUdfs } from './udfs.js';

/** The index writeCellIndex writes, as a BigInt, or null when it refuses. */
function bulkIndex(lat: number, lng: number, res: number): bigint | null {
  const words = new Uint32Array(4);
  if (!writeCellIndex(lat, lng, res, words, 2)) return null;
  return new BigUint64Array(words.buffer)[1]!;
}

/** A reproducible stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe("H3 cells through h3-js's compiled library", () => {
  it('writes the cell latLngToCell finds, at every resolution, for points all over the globe', () => {
    const next = random(7);
    for (let res = 0; res <= 15; res++) {
      for (let k = 0; k < 2000; k++) {
        const [lat, lng] = [next() * 180 - 90, next() * 360 - 180];
        expect(bulkIndex(lat, lng, res), `${lat},${lng} at ${res}`).toBe(BigInt(`0x${latLngToCell(lat, lng, res)}`));
      }
    }
  });

  it('agrees at the poles, on the antimeridian and at the centres of the pentagons', () => {
    const points: Array<[number, number]> = [[90, 0], [-90, 0], [0, 180], [0, -180], [45, 180], [-16.5, -179.999999]];
    for (const pentagon of getPentagons(9)) points.push(cellToLatLng(pentagon) as [number, number]);
    for (const [lat, lng] of points) {
      for (const res of [0, 5, 9, 15]) expect(bulkIndex(lat, lng, res)).toBe(BigInt(`0x${latLngToCell(lat, lng, res)}`));
    }
  });

  it('refuses what h3IndexOf refuses', () => {
    for (const [lat, lng, res] of [[NaN, 0, 5], [0, Infinity, 5], [91, 0, 5], [0, -181, 5], [0, 0, 16], [0, 0, -1], [0, 0, 2.5]] as const) {
      expect(bulkIndex(lat, lng, res)).toBeNull();
      expect(h3IndexOf(lat, lng, res)).toBeNull();
    }
  });

  it('atlas_h3_index answers what h3IndexOf does, row by row, nulls included, over chunks of any size', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      registerUdfs(connection);
      const reader = await connection.runAndReadAll(`
        SELECT lat, lng, res, atlas_h3_index(lat, lng, res) AS cell FROM (
          SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE (hash(i) % 17000) / 100.0 - 85 END AS lat,
                 CASE WHEN i % 89 = 0 THEN 200.0 ELSE (hash(i + 7) % 35900) / 100.0 - 179.5 END AS lng,
                 CASE WHEN i % 83 = 0 THEN NULL ELSE CAST(i % 16 AS INTEGER) END AS res
          FROM range(5000) t(i))`);
      const rows = reader.getRowObjects();
      expect(rows).toHaveLength(5000);
      let nulls = 0;
      for (const row of rows) {
        const expected = h3IndexOf(row.lat as number | null, row.lng as number | null, row.res as number | null);
        expect(row.cell).toBe(expected);
        if (expected === null) nulls++;
      }
      expect(nulls).toBeGreaterThan(100);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
