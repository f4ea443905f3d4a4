import { describe, expect, it } from 'vitest';
import { parseResourceType, visibilityTypeOf } from './resources';

describe('resources', () => {
  it('reads the resource type from the address, a map when unknown', () => {
    expect(parseResourceType('dataset')).toBe('dataset');
    expect(parseResourceType('insight')).toBe('insight');
    expect(parseResourceType('report')).toBe('map');
    expect(parseResourceType(null)).toBe('map');
  });

  it('offers a visibility change for maps and datasets only', () => {
    expect(visibilityTypeOf('map')).toBe('map');
    expect(visibilityTypeOf('dataset')).toBe('dataset');
    expect(visibilityTypeOf('insight')).toBeNull();
    expect(visibilityTypeOf('workbook')).toBeNull();
  });
});
