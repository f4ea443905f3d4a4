import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { datasetAnswer } from './test-support';
import { DEFAULT_SORT, PAGE_SIZE, columnsOf, formatSort, listQuery, pageInfo, parseSort, toggleSort } from './listing';

function dataset(name: string, extra: Partial<Dataset> & { rows?: number; size?: number } = {}): Dataset {
  const { rows, size, ...rest } = extra;
  return datasetAnswer({
    id: name,
    name,
    metadata: { ...(rows === undefined ? {} : { rowCount: rows }), ...(size === undefined ? {} : { sizeBytes: size }) },
    ...rest,
  });
}

describe('listQuery', () => {
  it('asks the server for one page in the order of the column, under the server’s own sort keys', () => {
    expect(listQuery('', DEFAULT_SORT, 1)).toEqual({ sort: 'updatedAt', order: 'desc', limit: PAGE_SIZE, offset: 0 });
    expect(listQuery('cafes', { key: 'name', direction: 'asc' }, 3)).toEqual({ search: 'cafes', sort: 'name', order: 'asc', limit: 25, offset: 50 });
    expect(listQuery('', { key: 'rows', direction: 'desc' }, 2)).toMatchObject({ sort: 'rowCount', offset: 25 });
    expect(listQuery('', { key: 'size', direction: 'asc' }, 1)).toMatchObject({ sort: 'sizeBytes', order: 'asc' });
    expect(listQuery('', { key: 'status', direction: 'asc' }, 1).sort).toBe('status');
    expect(listQuery('', { key: 'type', direction: 'asc' }, 1).sort).toBe('type');
  });
});

describe('toggleSort', () => {
  it('flips the same column and starts others in their natural direction', () => {
    expect(toggleSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(toggleSort({ key: 'name', direction: 'asc' }, 'rows')).toEqual({ key: 'rows', direction: 'desc' });
    expect(toggleSort({ key: 'rows', direction: 'desc' }, 'type')).toEqual({ key: 'type', direction: 'asc' });
  });
});

describe('pageInfo', () => {
  it('says which items a page shows', () => {
    expect(pageInfo(53, 1, 25)).toEqual({ page: 1, pageCount: 3, from: 1, to: 25, total: 53 });
    expect(pageInfo(53, 3, 25)).toEqual({ page: 3, pageCount: 3, from: 51, to: 53, total: 53 });
  });

  it('clamps pages out of range and reads an empty list as one empty page', () => {
    expect(pageInfo(53, 9, 25).page).toBe(3);
    expect(pageInfo(53, 0, 25).page).toBe(1);
    expect(pageInfo(53, Number.NaN, 25).page).toBe(1);
    expect(pageInfo(0, 2, 25)).toEqual({ page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
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
