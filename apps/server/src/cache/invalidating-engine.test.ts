import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine/types.js';
import type { Queryable } from '../store/index.js';
import { invalidatingEngine } from './invalidating-engine.js';
import { MemoryResultCache } from './memory.js';

describe('invalidatingEngine', () => {
  it('drops the cached results of a dataset whenever its data changes, even when the change fails', async () => {
    const cache = new MemoryResultCache();
    const expiresAt = new Date(Date.now() + 60_000);
    const base = {
      ingest: vi.fn(async () => ({}) as never),
      copyData: vi.fn(async () => null),
      deleteData: vi.fn(async () => {
        throw new Error('disk gone');
      }),
      queryRows: vi.fn(async () => [{ n: 1 }]),
    } as unknown as Engine;
    const engine = invalidatingEngine(base, cache);
    const fill = async () => {
      for (const id of ['a', 'b', 'c']) await cache.set(`key-${id}`, Buffer.from(id), { expiresAt, tags: [id] });
    };

    await fill();
    await engine.ingest('a', Readable.from([]), 'csv');
    expect(await cache.get('key-a')).toBeNull();
    expect(await cache.get('key-b')).not.toBeNull();

    await engine.copyData('c', 'b', {} as Queryable);
    expect(await cache.get('key-b')).toBeNull();
    expect(await cache.get('key-c')).not.toBeNull();

    await expect(engine.deleteData('c')).rejects.toThrow('disk gone');
    expect(await cache.get('key-c')).toBeNull();

    // Everything else passes straight through.
    expect(await engine.queryRows('SELECT 1', [])).toEqual([{ n: 1 }]);
    expect(base.ingest).toHaveBeenCalledOnce();
  });
});
