import { describe, expect, it } from 'vitest';
import { rowsOf } from './rows';
import { dwellRow, indexedRow } from './test-fixtures';

describe('rowsOf', () => {
  it('answers the rows of a view as its schema’s rows when each carries every field the schema requires', () => {
    const rows = [dwellRow({ place_taxonomy_id: 'a', medianDwellTimeMinutes: 12 })];
    expect(rowsOf('DwellTimeRow', rows)).toBe(rows);
    expect(rowsOf('DwellTimeRow', [])).toEqual([]);
  });

  it('refuses rows of another view rather than drawing blanks', () => {
    expect(() => rowsOf('DwellTimeRow', [indexedRow()])).toThrow('The chart reads DwellTimeRow rows, but a row of the answer has no end_period_value');
  });
});
