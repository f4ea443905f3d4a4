import { describe, expect, it } from 'vitest';
import { addDimension, otherAxis, pivotLayout, removeDimension, shiftDimension, unusedDimensions } from './pivot';

const DIMENSIONS = ['age', 'gender', 'income', 'geography', 'period', 'category', 'chain'];

describe('pivot layout', () => {
  it('reads a value, treating missing lists as empty', () => {
    expect(pivotLayout({ rows: ['geography'], columns: ['period'] })).toEqual({ rows: ['geography'], columns: ['period'] });
    expect(pivotLayout({ rows: ['age', 3] })).toEqual({ rows: ['age'], columns: [] });
    expect(pivotLayout(null)).toEqual({ rows: [], columns: [] });
  });

  it('offers the dimensions on neither axis in the available order', () => {
    expect(unusedDimensions({ rows: ['geography'], columns: ['period', 'age'] }, DIMENSIONS)).toEqual(['gender', 'income', 'category', 'chain']);
  });

  it('adds to an axis, and moving to the other axis never uses a dimension twice', () => {
    const start = { rows: ['geography'], columns: ['period'] };
    const added = addDimension(start, 'rows', 'age');
    expect(added).toEqual({ rows: ['geography', 'age'], columns: ['period'] });
    const moved = addDimension(added, otherAxis('rows'), 'geography');
    expect(moved).toEqual({ rows: ['age'], columns: ['period', 'geography'] });
    expect(addDimension(moved, 'columns', 'period')).toEqual({ rows: ['age'], columns: ['geography', 'period'] });
    const all = [...moved.rows, ...moved.columns];
    expect(new Set(all).size).toBe(all.length);
  });

  it('removes a dimension from whichever axis holds it', () => {
    expect(removeDimension({ rows: ['geography', 'age'], columns: ['period'] }, 'age')).toEqual({ rows: ['geography'], columns: ['period'] });
    expect(removeDimension({ rows: ['geography'], columns: ['period'] }, 'period')).toEqual({ rows: ['geography'], columns: [] });
  });

  it('moves a dimension earlier or later on its axis, not past either end', () => {
    const layout = { rows: ['geography', 'age', 'income'], columns: ['period'] };
    expect(shiftDimension(layout, 'age', -1)).toEqual({ rows: ['age', 'geography', 'income'], columns: ['period'] });
    expect(shiftDimension(layout, 'age', 1)).toEqual({ rows: ['geography', 'income', 'age'], columns: ['period'] });
    expect(shiftDimension(layout, 'geography', -1)).toBe(layout);
    expect(shiftDimension(layout, 'period', 1)).toBe(layout);
    expect(shiftDimension(layout, 'chain', 1)).toBe(layout);
  });
});
