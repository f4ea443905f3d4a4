import { cellToLatLng, getPentagons, latLngToCell } from 'h3-js';
import { afterAll, describe, expect, it } from 'vitest';
import { h3IndexOf } from '@atlas/pipeline';
import { CellWorkers } from './cell-workers.js';

/** A reproducible stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** The workers' answer for the points as BigInts, null where they found no cell (0). */
async function cellsOf(workers: CellWorkers, points: ReadonlyArray<readonly [number, number]>, res: number): Promise<Array<bigint | null>> {
  const words = await workers.cells(Float64Array.from(points, ([lat]) => lat), Float64Array.from(points, ([, lng]) => lng), res);
  return [...new BigUint64Array(words.buffer, words.byteOffset, points.length)].map((index) => (index === 0n ? null : index));
}

describe('cell workers', () => {
  const workers = CellWorkers.start(2);
  afterAll(() => workers.close());

  it('answer the cell latLngToCell finds, at every resolution, for points all over the globe', async () => {
    const next = random(11);
    const points = Array.from({ length: 3000 }, () => [next() * 180 - 90, next() * 360 - 180] as const);
    for (let res = 0; res <= 15; res++) {
      expect(await cellsOf(workers, points, res)).toEqual(points.map(([lat, lng]) => BigInt(`0x${latLngToCell(lat, lng, res)}`)));
    }
  });

  it('agree at the poles, on the antimeridian and at the centres of the pentagons', async () => {
    const points: Array<[number, number]> = [[90, 0], [-90, 0], [90, 180], [0, 180], [0, -180], [45, 180], [-16.5, -179.999999], [-16.5, 179.999999]];
    for (const pentagon of getPentagons(9)) points.push(cellToLatLng(pentagon) as [number, number]);
    for (const res of [0, 5, 9, 15]) {
      expect(await cellsOf(workers, points, res)).toEqual(points.map(([lat, lng]) => BigInt(`0x${latLngToCell(lat, lng, res)}`)));
    }
  });

  it('find no cell where atlas_h3_index answers null (missing, not finite or out-of-range values)', async () => {
    const points = [[NaN, 0], [0, NaN], [0, Infinity], [-Infinity, 0], [91, 0], [-90.5, 0], [0, -181], [0, 180.01]] as const;
    for (const res of [0, 9]) {
      expect(await cellsOf(workers, points, res)).toEqual(points.map(() => null));
      for (const [lat, lng] of points) expect(h3IndexOf(lat, lng, res)).toBeNull();
    }
    for (const res of [16, -1, 2.5]) expect(await cellsOf(workers, [[10, 10]], res)).toEqual([h3IndexOf(10, 10, res)]);
  });

  it('answer many batches at once, each its own, and empty ones', async () => {
    const next = random(5);
    const batches = Array.from({ length: 9 }, (_, index) => Array.from({ length: index * 700 }, () => [next() * 180 - 90, next() * 360 - 180] as const));
    const answers = await Promise.all(batches.map((points) => cellsOf(workers, points, 7)));
    answers.forEach((answer, index) => expect(answer).toEqual(batches[index]!.map(([lat, lng]) => h3IndexOf(lat, lng, 7))));
  });
});
