import { describe, expect, it } from 'vitest';
import { canonicalJson, deepFreeze, sha256Hex } from './canonical.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('drops undefined members and writes -0 as 0', () => {
    expect(canonicalJson({ a: undefined, b: -0 })).toBe('{"b":0}');
  });

  it('refuses non-finite numbers', () => {
    expect(() => canonicalJson({ a: Infinity })).toThrow(TypeError);
  });

  it('keeps own __proto__ keys as data', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":1,"a":2}'))).toBe('{"__proto__":1,"a":2}');
  });
});

describe('sha256Hex', () => {
  it('hashes UTF-8 text', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('é')).not.toBe(sha256Hex('e'));
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays', () => {
    const value = deepFreeze({ a: [{ b: 1 }] });
    expect(Object.isFrozen(value.a[0])).toBe(true);
  });
});
