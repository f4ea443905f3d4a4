import { MAX_CACHE_ENTRY_BYTES, DEFAULT_MEMORY_CACHE_BYTES, type CachedResult, type CacheSetOptions, type ResultCache } from './types.js';

interface Entry extends CachedResult {
  tags: readonly string[];
}

/** In-process LRU bounded by total bytes; a Map keeps insertion order, so re-inserting on read marks recent use. */
export class MemoryResultCache implements ResultCache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly capacityBytes = DEFAULT_MEMORY_CACHE_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CachedResult | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt.getTime() <= this.now()) {
      this.delete(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { bytes: entry.bytes, expiresAt: entry.expiresAt };
  }

  async set(key: string, bytes: Buffer, { expiresAt, tags }: CacheSetOptions): Promise<boolean> {
    if (expiresAt.getTime() <= this.now() || bytes.length > MAX_CACHE_ENTRY_BYTES || bytes.length > this.capacityBytes) return false;
    this.delete(key);
    this.entries.set(key, { bytes, expiresAt, tags });
    this.bytes += bytes.length;
    for (const id of tags) {
      let keys = this.byTag.get(id);
      if (!keys) this.byTag.set(id, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.capacityBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  async invalidateTag(tag: string): Promise<void> {
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.delete(key);
    this.byTag.delete(tag);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  /** Entries and bytes held (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.length;
    for (const id of entry.tags) {
      const keys = this.byTag.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(id);
    }
  }
}
