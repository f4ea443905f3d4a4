import { ScatterplotLayer } from '@deck.gl/layers/typed';
import { describe, expect, it } from 'vitest';
import { keepSame, sameProp } from './sameProps';

describe('sameProp', () => {
  it('compares plain objects and arrays by value, functions as deck.gl does (not at all), other objects by identity', () => {
    expect(sameProp({ depthTest: false, range: [[0, 1], [0, 0]] }, { depthTest: false, range: [[0, 1], [0, 0]] })).toBe(true);
    expect(sameProp({ depthTest: false }, { depthTest: true })).toBe(false);
    expect(sameProp({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameProp([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameProp(() => 1, () => 2)).toBe(true);
    expect(sameProp(new Float32Array([1]), new Float32Array([1]))).toBe(false);
    expect(sameProp(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe('keepSame', () => {
  const data = [{ position: [0, 0] }];
  const layer = (props: Record<string, unknown> = {}) =>
    new ScatterplotLayer({ id: 'points', data, radiusScale: 2, parameters: { depthTest: false }, getFillColor: () => [1, 2, 3], updateTriggers: { getFillColor: { colorField: null } }, ...props });

  it('keeps the layer drawn before while kepler.gl makes the same one again', () => {
    const first = layer();
    expect(keepSame(null, first)).toBe(first);
    expect(keepSame(first, layer())).toBe(first);
  });

  it('takes the new layer when a prop, an update trigger, the data or the id changes', () => {
    const first = layer();
    for (const next of [layer({ radiusScale: 3 }), layer({ updateTriggers: { getFillColor: { colorField: 'visits' } } }), layer({ data: [...data] }), layer({ id: 'other' })]) {
      expect(keepSame(first, next)).toBe(next);
    }
  });
});
