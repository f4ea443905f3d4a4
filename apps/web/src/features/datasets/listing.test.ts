import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { datasetAnswer } from './test-support';
import { DEFAULT_SORT, columnsOf, formatSort, pageOf, parseSort, sortDatasets, toggleSort } from './listing';

function dataset(name: string, extra: Partial<Dataset> & { rows?: number; size?: number } = {}): Dataset {
  const { rows, size, ...rest } = extra;
  return datasetAnswer({
    id: name,
    name,
    metadata: { ...(rows === undefined ? {} : { rowCount: rows }), ...(size === undefined ? {} : { sizeBytes: size }) },
    ...rest,
  });
}

const names = (items: Dataset[]) => items.map((item) => item.name);

describe('sortDatasets', () => {
  it('sorts names naturally and without case, both ways', () => {
    const items = [dataset('b10'), dataset('B2'), dataset('a')];
    expect(names(sortDatasets(items, { key: 'name', direction: 'asc' }))).toEqual(['a', 'B2', 'b10']);
    expect(names(sortDatasets(items, { key: 'name', direction: 'desc' }))).toEqual(['b10', 'B2', 'a']);
  });

  it('puts datasets without data last whichever the direction, keeping ties in the server order', () => {
    const items = [dataset('none'), dataset('small', { rows: 5 }), dataset('big', { rows: 500 }), dataset('also-none'), dataset('same', { rows: 5 })];
    expect(names(sortDatasets(items, { key: 'rows', direction: 'desc' }))).toEqual(['big', 'small', 'same', 'none', 'also-none']);
    expect(names(sortDatasets(items, { key: 'rows', direction: 'asc' }))).toEqual(['small', 'same', 'big', 'none', 'also-none']);
  });

  it('sorts by size, status and last change', () => {
    const items = [
      dataset('old', { size: 10, status: 'error', updatedAt: '2024-01-01T00:00:00Z' }),
      dataset('new', { size: 30, status: 'ready', updatedAt: '2025-06-01T00:00:00Z' }),
      dataset('mid', { size: 20, status: 'pending', updatedAt: '2025-01-01T00:00:00Z' }),
    ];
    expect(names(sortDatasets(items, { key: 'size', direction: 'desc' }))).toEqual(['new', 'mid', 'old']);
    expect(names(sortDatasets(items, { key: 'status', direction: 'asc' }))).toEqual(['new', 'mid', 'old']);
    expect(names(sortDatasets(items, DEFAULT_SORT))).toEqual(['new', 'mid', 'old']);
  });
});

describe('toggleSort', () => {
  it('flips the same column and starts others in their natural direction', () => {
    expect(toggleSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(toggleSort({ key: 'name', direction: 'asc' }, 'rows')).toEqual({ key: 'rows', direction: 'desc' });
    expect(toggleSort({ key: 'rows', direction: 'desc' }, 'type')).toEqual({ key: 'type', direction: 'asc' });
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 53 }, (_, index) => index + 1);

  it('cuts pages and says what is shown', () => {
    expect(pageOf(items, 1, 25)).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 25, total: 53 });
    const last = pageOf(items, 3, 25);
    expect(last).toMatchObject({ page: 3, from: 51, to: 53 });
    expect(last.items).toEqual([51, 52, 53]);
  });

  it('clamps pages out of range and reads an empty list as one empty page', () => {
    expect(pageOf(items, 9, 25).page).toBe(3);
    expect(pageOf(items, 0, 25).page).toBe(1);
    expect(pageOf(items, Number.NaN, 25).page).toBe(1);
    expect(pageOf([], 2, 25)).toEqual({ items: [], page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});

describe('address values', () => {
  it('reads and writes the sort, falling back to the default', () => {
    expect(parseSort('rows-asc')).toEqual({ key: 'rows', direction: 'asc' });
    expect(parseSort(formatSort({ key: 'name', direction: 'desc' }))).toEqual({ key: 'name', direction: 'desc' });
    expect(parseSort('owner-asc')).toEqual(DEFAULT_SORT);
    expect(parseSort(null)).toEqual(DEFAULT_SORT);
  });
});

describe('columnsOf', () => {
  it('reads the columns a load described, skipping malformed entries', () => {
    const described = dataset('d', { metadata: { columns: [{ name: 'lat', type: 'number' }, { name: 'h' }, { type: 'string' }, null] } });
    expect(columnsOf(described)).toEqual([
      { name: 'lat', type: 'number' },
      { name: 'h', type: 'unknown' },
    ]);
    expect(columnsOf(dataset('e'))).toEqual([]);
  });
});
