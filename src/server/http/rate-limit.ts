import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { isPublicPath } from './auth.js';
import { ApiError } from './errors.js';
import { TokenBuckets } from './token-buckets.js';

/**
 * A token bucket per client (per auth token): `requestsPerMinute` requests, refilled continuously.
 * A client over its limit gets 429 with `Retry-After` in seconds.
 */
export function rateLimit(options: {
  requestsPerMinute: number;
  now?: () => number;
}): MiddlewareHandler<AppEnv> {
  const buckets = new TokenBuckets({
    capacity: options.requestsPerMinute,
    perMinute: options.requestsPerMinute,
    ...(options.now ? { now: options.now } : {}),
  });
  return async (context, next) => {
    if (isPublicPath(context.req.path)) return next();
    const retryAfterSeconds = buckets.take(context.get('client') ?? 'local');
    if (retryAfterSeconds > 0) {
      throw new ApiError('rate_limited', `Too many requests; try again in ${retryAfterSeconds} s.`, {
        retryAfterSeconds,
      });
    }
    return next();
  };
}
