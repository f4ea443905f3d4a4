// Warm tiles: answers kept by ETag (which names the dataset's data version), least recently used out first.
const MAX_BYTES = 64 * 1024 * 1024;

export interface CachedTile {
  body: Buffer;
  mode: 'dense' | 'sparse';
}

export class TileCache {
  private readonly entries = new Map<string, CachedTile>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(key: string): CachedTile | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserted: Map keeps insertion order, so the first entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedTile): void {
    if (value.body.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
