import type { FeaturedMap } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { featuredByPublishedId, featuredState } from './featured';

const entry = (publishedId: string, highlighted: boolean) => ({ id: `f-${publishedId}`, publishedId, highlighted }) as FeaturedMap;

describe('featured state of a published map', () => {
  it('finds the entry featuring a published map, and says whether it is highlighted', () => {
    const byPublished = featuredByPublishedId([entry('a', true), entry('b', false)]);
    expect(featuredState(byPublished.get('a'))).toBe('highlighted');
    expect(featuredState(byPublished.get('b'))).toBe('featured');
    expect(featuredState(byPublished.get('c'))).toBe('not-featured');
    expect(byPublished.get('b')?.id).toBe('f-b');
  });

  it('treats a list not loaded yet as nothing featured', () => {
    expect(featuredByPublishedId(undefined).size).toBe(0);
  });
});
