// Seeded pseudo-randomness for the JS side of the generator (places, panel, lookup tables).
// xoshiro128** over 32-bit integer math: fast, no BigInt, and identical on every platform.

const mix32 = (x: number): number => {
  // splitmix32-style finalizer: spreads a 32-bit value over all bits.
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
};

/** A 32-bit digest of the seed and a label, so that each consumer draws from its own independent stream. */
export const streamKey = (seed: number, label: string): number => {
  let h = mix32((seed >>> 0) ^ mix32(Math.floor(seed / 2 ** 32)));
  for (let i = 0; i < label.length; i++) h = mix32(h ^ label.charCodeAt(i));
  return h;
};

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, label: string) {
    const k = streamKey(seed, label);
    this.a = mix32(k);
    this.b = mix32(this.a ^ 0x1b873593);
    this.c = mix32(this.b ^ 0xcc9e2d51);
    this.d = mix32(this.c ^ 0xe6546b64) | 1; // never the all-zero state
  }

  /** Next 32 random bits as an unsigned integer. */
  next32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  uniform(): number {
    return ((this.next32() >>> 5) * 67108864 + (this.next32() >>> 6)) / 9007199254740992;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  private spare = Number.NaN;

  /** Standard normal (Box-Muller; the sine half is kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare;
      this.spare = Number.NaN;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(1 - this.uniform()));
    const theta = 2 * Math.PI * this.uniform();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /** Lognormal multiplier with median 1. */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  /** Index drawn with probability proportional to weights (linear scan; for short lists). */
  weighted(weights: ArrayLike<number>, total?: number): number {
    let sum = total ?? 0;
    if (total === undefined) for (let i = 0; i < weights.length; i++) sum += weights[i]!;
    let x = this.uniform() * sum;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
    return 0;
  }

  /** In-place Fisher-Yates shuffle. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/**
 * A random 62-bit offset as a decimal SQL literal. The visits SQL draws its randomness as
 * DuckDB `hash(i + offset)`: each offset selects an independent stream of the same bijective mixer.
 */
export const sqlStreamOffset = (rng: Rng): string => {
  const hi = rng.next32() >>> 2; // 30 bits, so that i + offset stays far below 2^63
  const lo = rng.next32();
  return (BigInt(hi) * 4294967296n + BigInt(lo) + 4294967296n).toString();
};
