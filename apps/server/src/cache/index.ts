import { MemoryResultCache } from './memory.js';
import { RedisResultCache } from './redis.js';
import type { ResultCache } from './types.js';

export type { CachedResult, CacheSetOptions, ResultCache } from './types.js';
export { MAX_CACHE_ENTRY_BYTES } from './types.js';
export { resultCacheKey } from './key.js';
export { MemoryResultCache } from './memory.js';
export { RedisResultCache } from './redis.js';

/** In-process unless a Redis URL is configured (then shared by every server instance using that Redis). */
export function openResultCache(config: { redisUrl: string | null }): ResultCache {
  return config.redisUrl ? new RedisResultCache(config.redisUrl) : new MemoryResultCache();
}
