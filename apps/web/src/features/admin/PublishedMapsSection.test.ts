import { describe, expect, it } from 'vitest';
import { parseSortBy } from './PublishedMapsSection';

describe('parseSortBy', () => {
  it('sorts by views unless the address asks for date', () => {
    expect(parseSortBy('date')).toBe('date');
    expect(parseSortBy('views')).toBe('views');
    expect(parseSortBy('name')).toBe('views');
    expect(parseSortBy(null)).toBe('views');
  });
});
