import { describe, expect, it } from 'vitest';
import { noMatchText } from './emptyText';

describe('noMatchText', () => {
  it('names the search and the filters that emptied the list', () => {
    expect(noMatchText('map', 'stores', null)).toBe('No map matches “stores” here.');
    expect(noMatchText('map', '', 'the tag “retail”')).toBe('No map matches the tag “retail” here.');
    expect(noMatchText('workbook', 'q1', 'the tags “a” and “b”')).toBe('No workbook matches “q1” and the tags “a” and “b” here.');
  });

  it('says nothing when nothing narrowed the list', () => {
    expect(noMatchText('map', '', null)).toBeNull();
    expect(noMatchText('map', '')).toBeNull();
  });
});
