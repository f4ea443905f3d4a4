import { describe, expect, it } from 'vitest';
import { carriesEvery, describeTags, formatTagFilter, parseTagFilter, withTags } from './filter';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('parseTagFilter / formatTagFilter', () => {
  it('reads tag ids once each, in order, dropping anything else', () => {
    expect(parseTagFilter(` ${B},${A.toUpperCase()},nope,,${B}`)).toEqual([B, A]);
    expect(parseTagFilter(null)).toEqual([]);
    expect(parseTagFilter('retail')).toEqual([]);
  });

  it('writes them comma-separated, and no parameter for none', () => {
    expect(formatTagFilter([A, B])).toBe(`${A},${B}`);
    expect(formatTagFilter([])).toBeNull();
    expect(parseTagFilter(formatTagFilter([A, B]))).toEqual([A, B]);
  });
});

describe('carriesEvery / withTags', () => {
  const items = [
    { name: 'both', tags: [{ id: A }, { id: B }] },
    { name: 'a', tags: [{ id: A }] },
    { name: 'none', tags: [] },
  ];

  it('keeps the records carrying every tag asked for, in their order', () => {
    expect(withTags(items, [A], (item) => item.tags).map((item) => item.name)).toEqual(['both', 'a']);
    expect(withTags(items, [A, B], (item) => item.tags).map((item) => item.name)).toEqual(['both']);
    expect(withTags(items, [], (item) => item.tags)).toHaveLength(3);
    expect(carriesEvery([], [])).toBe(true);
    expect(carriesEvery([{ id: B }], [A])).toBe(false);
  });
});

describe('describeTags', () => {
  it('names one tag or several', () => {
    expect(describeTags(['retail'])).toBe('the tag “retail”');
    expect(describeTags(['retail', 'nyc', 'poi'])).toBe('the tags “retail”, “nyc” and “poi”');
  });
});
