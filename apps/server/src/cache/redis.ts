import { Redis } from 'ioredis';
import { MAX_CACHE_ENTRY_BYTES, type CachedResult, type CacheSetOptions, type ResultCache } from './types.js';

/**
 * Shared cache for several server instances: one key per entry (SET … PXAT; the value is the expiry as an 8-byte
 * double followed by the Arrow bytes, so every instance reports the same expiry), and per tag (a dataset, an analytic set
 * of an organization) a set of the entry keys carrying it, so a data or configuration change can drop them. A tag set lives as long as its longest entry.
 */
export class RedisResultCache implements ResultCache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'atlas:query-cache:',
  ) {
    // Fail fast instead of queueing commands forever when Redis is down; a cache miss is always acceptable.
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    this.redis.on('error', () => undefined);
  }

  private entryKey = (key: string) => `${this.prefix}entry:${key}`;
  private tagKey = (tag: string) => `${this.prefix}tag:${tag}`;

  async get(key: string): Promise<CachedResult | null> {
    try {
      const value = await this.redis.getBuffer(this.entryKey(key));
      if (!value || value.length < 8) return null;
      const expiresAt = value.readDoubleBE(0);
      if (expiresAt <= Date.now()) return null;
      return { bytes: value.subarray(8), expiresAt: new Date(expiresAt) };
    } catch {
      return null;
    }
  }

  async set(key: string, bytes: Buffer, { expiresAt, tags }: CacheSetOptions): Promise<boolean> {
    const at = expiresAt.getTime();
    if (at <= Date.now() || bytes.length > MAX_CACHE_ENTRY_BYTES) return false;
    const entry = this.entryKey(key);
    const header = Buffer.alloc(8);
    header.writeDoubleBE(at, 0);
    const transaction = this.redis.multi().set(entry, Buffer.concat([header, bytes]), 'PXAT', at);
    const seconds = Math.ceil((at - Date.now()) / 1000);
    for (const id of tags) {
      const tag = this.tagKey(id);
      transaction.sadd(tag, entry).expire(tag, seconds, 'GT').expire(tag, seconds, 'NX');
    }
    try {
      await transaction.exec();
      return true;
    } catch {
      return false;
    }
  }

  async invalidateTag(tag: string): Promise<void> {
    const set = this.tagKey(tag);
    const entries = await this.redis.smembers(set);
    await this.redis.del(set, ...entries);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
