import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, pageOf, pageRequest, parsePage } from './paging';
import { parseSection } from './sections';

describe('admin paging', () => {
  it('reads the page of the address, page 1 for anything else', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('2.7')).toBe(2);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-4')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });

  it('asks for one row more than a page holds', () => {
    expect(pageRequest(1)).toEqual({ offset: 0, limit: ADMIN_PAGE_SIZE + 1 });
    expect(pageRequest(3, 10)).toEqual({ offset: 20, limit: 11 });
  });

  it('shows a page of rows and knows from the extra row that another page follows', () => {
    const rows = Array.from({ length: 11 }, (_, index) => index);
    expect(pageOf(rows, 2, 10)).toEqual({ items: rows.slice(0, 10), page: 2, from: 11, to: 20, hasNext: true });
    expect(pageOf(rows.slice(0, 4), 3, 10)).toEqual({ items: [0, 1, 2, 3], page: 3, from: 21, to: 24, hasNext: false });
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, from: 0, to: 0, hasNext: false });
  });
});

describe('admin sections', () => {
  it('opens the section the address names, the organizations otherwise', () => {
    expect(parseSection('users')).toBe('users');
    expect(parseSection('quota-policies')).toBe('quota-policies');
    expect(parseSection(null)).toBe('organizations');
    expect(parseSection('audit')).toBe('organizations');
  });
});
