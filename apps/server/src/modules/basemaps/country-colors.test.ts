import { describe, expect, it } from 'vitest';
import { assignColors } from './country-colors.js';

// A wheel: a hub bordering five countries that form a ring (an odd cycle needs three colors, the hub a fourth).
const NAMES = ['hub', 'a', 'b', 'c', 'd', 'e'];
const NEIGHBORS = [
  [1, 2, 3, 4, 5],
  [0, 2, 5],
  [0, 1, 3],
  [0, 2, 4],
  [0, 3, 5],
  [0, 4, 1],
];

describe('assignColors', () => {
  it('gives neighbors different colors with few colors in all', () => {
    const colors = assignColors(NAMES, NEIGHBORS);
    NEIGHBORS.forEach((others, index) => others.forEach((other) => expect(colors[other]).not.toBe(colors[index])));
    expect(new Set(colors).size).toBeLessThanOrEqual(4);
  });

  it('keeps the colors a seed gives and colors the rest around them', () => {
    const colors = assignColors(NAMES, NEIGHBORS, new Map([['hub', 3], ['a', 0]]));
    expect(colors[0]).toBe(3);
    expect(colors[1]).toBe(0);
    NEIGHBORS.forEach((others, index) => others.forEach((other) => expect(colors[other]).not.toBe(colors[index])));
  });
});
