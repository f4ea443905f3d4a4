import { describe, expect, it } from 'vitest';
import { aliasTable, slotTable } from './alias.js';
import { Rng } from './prng.js';

describe('aliasTable', () => {
  it('reproduces the weights exactly (each column keeps q and gives 1 - q to its alias)', () => {
    const weights = [5, 1, 0, 3, 1];
    const { q, alias } = aliasTable(weights);
    const mass = new Array<number>(weights.length).fill(0);
    for (let j = 0; j < weights.length; j++) {
      mass[j]! += q[j]! / weights.length;
      mass[alias[j]!]! += (1 - q[j]!) / weights.length;
    }
    weights.forEach((w, i) => expect(mass[i]).toBeCloseTo(w / 10, 12));
  });
});

describe('slotTable', () => {
  it('spreads slots in proportion, at least one per positive weight', () => {
    const slots = slotTable([10, 1, 0, 5], 32);
    expect(slots).toHaveLength(32);
    const count = (i: number) => slots.filter((s) => s === i).length;
    expect(count(1)).toBeGreaterThanOrEqual(1);
    expect(count(2)).toBe(0);
    expect(count(0)).toBeGreaterThan(count(3));
  });
});

describe('Rng', () => {
  it('is deterministic per seed and label, and independent across labels', () => {
    const a = new Rng(7, 'x');
    const b = new Rng(7, 'x');
    const c = new Rng(7, 'y');
    const draws = (r: Rng) => Array.from({ length: 5 }, () => r.next32());
    const first = draws(a);
    expect(draws(b)).toEqual(first);
    expect(draws(c)).not.toEqual(first);
  });

  it('draws uniforms in [0, 1) with the right mean', () => {
    const r = new Rng(1, 'u');
    let sum = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const u = r.uniform();
      if (!(u >= 0 && u < 1)) outside++;
      sum += u;
    }
    expect(outside).toBe(0);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });
});
