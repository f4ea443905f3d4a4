import { Int64, Table, tableFromArrays, tableToIPC, vectorFromArray } from 'apache-arrow';
import { cellToChildren, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { tileRows } from './tileRows';

const TILE = latLngToCell(46.5, 2.5, 2);

describe('tileRows', () => {
  it('reads a sparse tile: a row per cell named by its h3 column, 64-bit integers as numbers', () => {
    const children = cellToChildren(TILE, 4).slice(0, 2);
    const table = new Table({ h3: vectorFromArray(children), points: vectorFromArray([12n, 30n], new Int64()), mean: vectorFromArray([1.5, null]) });
    expect(tileRows(tableToIPC(table, 'stream'), TILE, 4)).toEqual([
      { h3: children[0], properties: { points: 12, mean: 1.5 } },
      { h3: children[1], properties: { points: 30, mean: null } },
    ]);
  });

  it("reads a dense tile: its rows are the tile's children in cellToChildren order, cells without data left out", () => {
    const children = cellToChildren(TILE, 3);
    const points = children.map((_, index) => (index % 3 === 0 ? index : null));
    const withNulls = new Table({ points: vectorFromArray(points) });
    const drawn = tileRows(tableToIPC(withNulls, 'stream'), TILE, 3);
    expect(drawn.map((row) => row.h3)).toEqual(children.filter((_, index) => index % 3 === 0));
    expect(drawn[1]).toEqual({ h3: children[3], properties: { points: 3 } });
  });

  it('refuses a dense tile whose rows are not its cells', () => {
    const bytes = tableToIPC(tableFromArrays({ points: Float64Array.of(1, 2) }), 'stream');
    expect(() => tileRows(bytes, TILE, 3)).toThrow(`A dense hex tile of ${TILE} holds 2 rows, not its 7 cells`);
  });
});
