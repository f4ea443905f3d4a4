import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, createTokenStore } from './tokenStore';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('createTokenStore', () => {
  it('reads the saved token under atlas.token', () => {
    expect(TOKEN_STORAGE_KEY).toBe('atlas.token');
    expect(createTokenStore(memoryStorage({ 'atlas.token': 'abc' })).get()).toBe('abc');
    expect(createTokenStore(memoryStorage()).get()).toBeNull();
  });

  it('saves, clears and tells its listeners', () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('t1');
    expect(storage.data.get('atlas.token')).toBe('t1');
    store.clear();
    expect(storage.data.has('atlas.token')).toBe(false);
    expect(store.get()).toBeNull();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set('t2');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working in memory when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createTokenStore(broken);
    expect(store.get()).toBeNull();
    store.set('t');
    expect(store.get()).toBe('t');
  });
});
