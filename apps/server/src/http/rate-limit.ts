import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { AppStatusCode } from '@atlas/domain';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import type { App } from './types.js';

/** 429 in the error shape; the onError hook below adds its `Retry-After`. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, AppStatusCode.TooManyRequests, `Try again in ${retryAfterSeconds} seconds`);
  }
}

/**
 * Per-address request limits for the routes that declare `config: passwordRouteLimit(config)`. Counters live in memory,
 * or in Redis when REDIS_URL is set so that every instance counts together.
 */
export async function registerRateLimit(app: App, config: Config) {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', () => redis.quit().then(() => undefined));
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: 'atlas:rate-limit:' }),
    // Thrown by the plugin, so the one error handler shapes it; the plugin has set Retry-After already.
    errorResponseBuilder: (_request, context) => new TooManyRequests('Too many requests', Math.ceil(context.ttl / 1000)),
  });
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}

/** Route config of every route that checks a password: sign-in, sign-up, e-mail verification, published items. */
export const passwordRouteLimit = (config: Config): { rateLimit: RateLimitOptions } => ({
  rateLimit: { max: config.passwordAttempts.perMinute, timeWindow: 60_000 },
});
