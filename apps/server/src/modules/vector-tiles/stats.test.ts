import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_LENGTH, MAX_LISTED_VALUES, fieldStats } from './stats.js';

const feature = (properties: Record<string, unknown>): Feature => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties });

describe('fieldStats', () => {
  it("measures numbers' range and lists texts, sorted, over every feature", () => {
    const features = [feature({ visits: 5, kind: 'shop', open: true }), feature({ visits: -2.5, kind: 'cafe' }), feature({ visits: 40, kind: 'shop' }), feature({ kind: 'park' })];
    expect(fieldStats(features, { visits: 'Number', kind: 'String', open: 'Boolean' })).toEqual({ visits: { min: -2.5, max: 40 }, kind: { values: ['cafe', 'park', 'shop'] } });
  });

  it('lists no values past the limit, and nothing for a property no feature has', () => {
    const many = Array.from({ length: MAX_LISTED_VALUES + 1 }, (_, i) => feature({ id: `n${i}` }));
    expect(fieldStats(many, { id: 'String', size: 'Number' })).toEqual({ id: {} });
    expect(fieldStats(many.slice(0, MAX_LISTED_VALUES), { id: 'String' }).id?.values).toHaveLength(MAX_LISTED_VALUES);
    expect(fieldStats([feature({ note: 'x'.repeat(MAX_LISTED_LENGTH + 1) })], { note: 'String' })).toEqual({ note: {} });
  });

  it('keeps to the declared types (a text in a number column, or the reverse, is not measured)', () => {
    expect(fieldStats([feature({ a: 'x', b: 3 })], { a: 'Number', b: 'String' })).toEqual({ b: { values: [] } });
  });
});
