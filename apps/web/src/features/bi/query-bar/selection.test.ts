import { describe, expect, it } from 'vitest';
import { MULTI_SELECT_MAX } from '@atlas/domain';
import { isOptionDisabled, limitHint, selectedValues, toggleValue } from './selection';

describe('picking values', () => {
  it('reads strings and lists as lists', () => {
    expect(selectedValues('US')).toEqual(['US']);
    expect(selectedValues('')).toEqual([]);
    expect(selectedValues(undefined)).toEqual([]);
    expect(selectedValues(['a', 2, 'b'])).toEqual(['a', 'b']);
  });

  it('adds at the end and removes what is picked', () => {
    expect(toggleValue(['a', 'b'], 'c', 7)).toEqual(['a', 'b', 'c']);
    expect(toggleValue(['a', 'b', 'c'], 'b', 7)).toEqual(['a', 'c']);
  });

  it('adds nothing at the limit of 7 but still removes, and disables only the unpicked options', () => {
    const seven = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
    expect(seven).toHaveLength(MULTI_SELECT_MAX);
    expect(toggleValue(seven, 'c8', MULTI_SELECT_MAX)).toEqual(seven);
    expect(toggleValue(seven, 'c3', MULTI_SELECT_MAX)).toEqual(['c1', 'c2', 'c4', 'c5', 'c6', 'c7']);
    expect(isOptionDisabled(seven, 'c8', MULTI_SELECT_MAX)).toBe(true);
    expect(isOptionDisabled(seven, 'c3', MULTI_SELECT_MAX)).toBe(false);
    expect(isOptionDisabled(seven.slice(0, 6), 'c8', MULTI_SELECT_MAX)).toBe(false);
    expect(limitHint(MULTI_SELECT_MAX)).toBe('at most 7');
  });
});
