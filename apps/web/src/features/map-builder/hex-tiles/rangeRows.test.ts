import { Table, TimestampMicrosecond, tableToIPC, vectorFromArray } from 'apache-arrow';
import { cellToChildren, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { rangeRows, rowsAt } from './rangeRows';

const TILE = latLngToCell(46.5, 2.5, 2);
const [A, B] = cellToChildren(TILE, 4);
const [DAY1, DAY2, DAY3] = [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 3)];

describe('range tiles', () => {
  it('read every bucket of a tile once, each row with its bucket start, and draw a step from them', () => {
    // As the tile proxy answers /range/DAY: DuckDB's TIMESTAMP (microseconds), rows by time then cell.
    const table = new Table({
      h3: vectorFromArray([A, B, B]),
      time: vectorFromArray([DAY1, DAY1, DAY2], new TimestampMicrosecond()),
      points: vectorFromArray([3, 5, 7]),
    });
    const rows = rangeRows(tableToIPC(table, 'stream'), TILE, 4);
    expect(rows).toEqual([
      { h3: A, properties: { points: 3 }, time: DAY1 },
      { h3: B, properties: { points: 5 }, time: DAY1 },
      { h3: B, properties: { points: 7 }, time: DAY2 },
    ]);
    expect(rowsAt(rows, DAY1)).toEqual(rows.slice(0, 2));
    expect(rowsAt(rows, DAY2)).toEqual([rows[2]]);
    // A day without data in this tile draws nothing; no time drawn, every row.
    expect(rowsAt(rows, DAY3)).toEqual([]);
    expect(rowsAt(rows, null)).toBe(rows);
  });
});
