import { describe, expect, it } from 'vitest';
import { parseCount } from './args.js';

describe('parseCount', () => {
  it('reads plain, grouped, exponent and suffixed counts', () => {
    expect(parseCount('5000000')).toBe(5_000_000);
    expect(parseCount('5_000_000')).toBe(5_000_000);
    expect(parseCount('5e6')).toBe(5_000_000);
    expect(parseCount('100M')).toBe(100_000_000);
    expect(parseCount('2.5k')).toBe(2500);
  });

  it('rejects what is not a positive integer', () => {
    for (const bad of ['0', '-3', '1.5', 'abc', '']) expect(() => parseCount(bad)).toThrow(/positive integer/);
  });
});
