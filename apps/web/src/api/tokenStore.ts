/** Where the session token lives in the browser. */
export const TOKEN_STORAGE_KEY = 'atlas.token';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Calls the listener whenever the token changes, here or in another tab. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A token store over localStorage (or any Storage-like object). Storage access can throw
 * (private modes, disabled storage); then the token lives in memory for this page only.
 */
export function createTokenStore(storage: KeyValueStorage | null, key = TOKEN_STORAGE_KEY): TokenStore {
  const listeners = new Set<() => void>();
  let memory: string | null = readStorage(storage, key);

  function write(value: string | null): void {
    memory = value;
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Storage unavailable: keep the in-memory value only.
    }
    listeners.forEach((listener) => listener());
  }

  return {
    get: () => memory,
    set: (token) => write(token),
    clear: () => {
      if (memory !== null) write(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readStorage(storage: KeyValueStorage | null, key: string): string | null {
  try {
    const value = storage?.getItem(key) ?? null;
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

/** The browser's token store; follows sign-in and sign-out made in other tabs too. */
export function createBrowserTokenStore(): TokenStore {
  const storage = safeLocalStorage();
  const store = createTokenStore(storage);
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const next = event.key === null ? null : event.newValue || null;
    if (next === store.get()) return;
    if (next === null) store.clear();
    else store.set(next);
  });
  return store;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
