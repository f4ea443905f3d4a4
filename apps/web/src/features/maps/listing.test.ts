import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '@atlas/domain';
import { parseMapSort, sortMaps } from './listing';

const map = (name: string, updatedAt: string) => ({ id: name, name, updatedAt, tags: [] }) as unknown as CatalogueRecord;

const items = [map('b10', '2024-01-02T00:00:00Z'), map('B2', '2024-03-01T00:00:00Z'), map('a', '2024-02-01T00:00:00Z')];

describe('maps listing', () => {
  it('sorts newest first, or by name with numbers in order', () => {
    expect(sortMaps(items, 'updated').map((record) => record.name)).toEqual(['B2', 'a', 'b10']);
    expect(sortMaps(items, 'name').map((record) => record.name)).toEqual(['a', 'B2', 'b10']);
  });

  it('reads the sort from the address, falling back to last changed', () => {
    expect(parseMapSort('name')).toBe('name');
    expect(parseMapSort('size')).toBe('updated');
  });
});
