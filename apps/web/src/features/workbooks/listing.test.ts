import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '@atlas/domain';
import { parsePage, workbookPage } from './listing';

const workbook = (name: string, day: number) => ({ id: name, name, updatedAt: `2024-01-${String(day).padStart(2, '0')}T00:00:00Z`, tags: [] }) as unknown as CatalogueRecord;

// Seven workbooks changed on days 1..7.
const items = [1, 2, 3, 4, 5, 6, 7].map((day) => workbook(`w${day}`, day));
const names = (records: CatalogueRecord[]) => records.map((record) => record.name);

describe('workbooks listing', () => {
  it('cuts pages of the order asked for', () => {
    const first = workbookPage(items, { sort: 'updated', page: 1 }, 3);
    expect(names(first.items)).toEqual(['w7', 'w6', 'w5']);
    expect(first.page).toEqual({ page: 1, pageCount: 3, from: 1, to: 3, total: 7 });
    const last = workbookPage(items, { sort: 'name', page: 3 }, 3);
    expect(names(last.items)).toEqual(['w7']);
    expect(last.page).toMatchObject({ page: 3, from: 7, to: 7 });
  });

  it('shows the last page for a page past the end', () => {
    const past = workbookPage(items.slice(0, 4), { sort: 'name', page: 9 }, 3);
    expect(names(past.items)).toEqual(['w4']);
    expect(past.page).toMatchObject({ page: 2, pageCount: 2, total: 4 });
  });

  it('reads the page from the address as a whole number from 1', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('2.7')).toBe(2);
    expect(parsePage('-4')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });
});
