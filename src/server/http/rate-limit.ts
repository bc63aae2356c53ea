import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { isPublicPath } from './auth.js';
import { ApiError } from './errors.js';

/**
 * A token bucket per client (per auth token): `requestsPerMinute` requests, refilled continuously.
 * A client over its limit gets 429 with `Retry-After` in seconds.
 */
export function rateLimit(options: {
  requestsPerMinute: number;
  now?: () => number;
}): MiddlewareHandler<AppEnv> {
  const now = options.now ?? Date.now;
  const capacity = options.requestsPerMinute;
  const perMs = capacity / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return async (context, next) => {
    if (isPublicPath(context.req.path)) return next();
    const client = context.get('client') ?? 'local';
    const time = now();
    const bucket = buckets.get(client) ?? { tokens: capacity, at: time };
    bucket.tokens = Math.min(capacity, bucket.tokens + (time - bucket.at) * perMs);
    bucket.at = time;
    buckets.set(client, bucket);
    if (bucket.tokens < 1) {
      const retryAfterSeconds = Math.ceil((1 - bucket.tokens) / perMs / 1000);
      throw new ApiError('rate_limited', `Too many requests; try again in ${retryAfterSeconds} s.`, {
        retryAfterSeconds,
      });
    }
    bucket.tokens -= 1;
    return next();
  };
}
