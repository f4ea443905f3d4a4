import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryResultCache } from './memory.js';
import { RedisResultCache } from './redis.js';
import { resultCacheKey } from './key.js';
import { MAX_CACHE_ENTRY_BYTES, type ResultCache } from './types.js';

describe('resultCacheKey', () => {
  it('depends on the query hash and every data version, not on their order', () => {
    const key = resultCacheKey('h1', { b: 'v2', a: 'v1' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(resultCacheKey('h1', { a: 'v1', b: 'v2' })).toBe(key);
    expect(resultCacheKey('h1', { a: 'v1', b: 'v3' })).not.toBe(key);
    expect(resultCacheKey('h2', { a: 'v1', b: 'v2' })).not.toBe(key);
    expect(resultCacheKey('h1', { a: 'v1' })).not.toBe(key);
  });
});

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

function behaviour(name: string, open: () => ResultCache, enabled = true) {
  describe.skipIf(!enabled)(`${name} result cache`, () => {
    const cache = enabled ? open() : (null as unknown as ResultCache);
    afterAll(() => cache?.close());

    it('stores, answers with the expiry, and misses unknown keys', async () => {
      const key = randomUUID();
      const expiresAt = inSeconds(100);
      expect(await cache.set(key, Buffer.from('arrow'), { expiresAt, tags: [] })).toBe(true);
      const hit = await cache.get(key);
      expect(hit?.bytes.toString()).toBe('arrow');
      expect(hit!.expiresAt.toISOString()).toBe(expiresAt.toISOString());
      expect(await cache.get(randomUUID())).toBeNull();
    });

    it('refuses expired entries and entries over the size cap', async () => {
      const key = randomUUID();
      expect(await cache.set(key, Buffer.from('x'), { expiresAt: inSeconds(0), tags: [] })).toBe(false);
      expect(await cache.set(key, Buffer.alloc(MAX_CACHE_ENTRY_BYTES + 1), { expiresAt: inSeconds(10), tags: [] })).toBe(false);
      expect(await cache.get(key)).toBeNull();
    });

    it('drops the entries of a dataset, and only those', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const [k1, k2, k3] = [randomUUID(), randomUUID(), randomUUID()];
      await cache.set(k1, Buffer.from('1'), { expiresAt: inSeconds(60), tags: [a] });
      await cache.set(k2, Buffer.from('2'), { expiresAt: inSeconds(60), tags: [a, b] });
      await cache.set(k3, Buffer.from('3'), { expiresAt: inSeconds(60), tags: [b] });
      await cache.invalidateTag(a);
      expect(await cache.get(k1)).toBeNull();
      expect(await cache.get(k2)).toBeNull();
      expect((await cache.get(k3))?.bytes.toString()).toBe('3');
      await cache.invalidateTag(randomUUID());
    });
  });
}

behaviour('memory', () => new MemoryResultCache());
behaviour('redis', () => new RedisResultCache(process.env.TEST_REDIS_URL!, `atlas:test:${randomUUID()}:`), !!process.env.TEST_REDIS_URL);

describe('memory result cache limits', () => {
  it('evicts the least recently used entries beyond its capacity', async () => {
    const cache = new MemoryResultCache(10);
    await cache.set('a', Buffer.alloc(4), { expiresAt: inSeconds(60), tags: ['d'] });
    await cache.set('b', Buffer.alloc(4), { expiresAt: inSeconds(60), tags: [] });
    await cache.get('a');
    await cache.set('c', Buffer.alloc(4), { expiresAt: inSeconds(60), tags: [] });
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('c')).not.toBeNull();
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    expect(await cache.set('huge', Buffer.alloc(11), { expiresAt: inSeconds(60), tags: [] })).toBe(false);
  });

  it('forgets expired entries', async () => {
    let now = 1_000_000;
    const cache = new MemoryResultCache(100, () => now);
    await cache.set('a', Buffer.from('x'), { expiresAt: new Date(now + 5_000), tags: [] });
    expect((await cache.get('a'))?.expiresAt.getTime()).toBe(1_005_000);
    now += 5_000;
    expect(await cache.get('a')).toBeNull();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
