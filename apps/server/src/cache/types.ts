/** A cached query result: the Arrow IPC bytes and when they stop being valid. */
export interface CachedResult {
  bytes: Buffer;
  expiresAt: Date;
}

export interface CacheSetOptions {
  /** When the entry stops being valid; every later hit reports this same time. */
  expiresAt: Date;
  /** Datasets the result was computed from and other scopes it belongs to; `invalidateTag` of any of them drops the entry. */
  tags: readonly string[];
}

/** Query result cache (cache mode studio-cloud-cache): in-process by default, Redis when REDIS_URL is set. */
export interface ResultCache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<CachedResult | null>;
  /** Stores the entry unless it is larger than MAX_CACHE_ENTRY_BYTES or already expired; answers whether it did. */
  set(key: string, bytes: Buffer, options: CacheSetOptions): Promise<boolean>;
  /** Drops every entry carrying the tag (a dataset id when its data changes or it is deleted, or another scope). */
  invalidateTag(tag: string): Promise<void>;
  close(): Promise<void>;
}

/** Results larger than this are not cached. */
export const MAX_CACHE_ENTRY_BYTES = 64 * 1024 * 1024;
/** Total bytes the in-process cache holds before evicting the least recently used entries. */
export const DEFAULT_MEMORY_CACHE_BYTES = 512 * 1024 * 1024;
