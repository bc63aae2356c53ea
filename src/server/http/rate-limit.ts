import type { MiddlewareHandler } from 'hono';
import type { LimitStore } from '../../store/index.js';
import type { AppEnv } from './app-env.js';
import { isPublicPath } from './auth.js';
import { ApiError } from './errors.js';

/**
 * A token bucket per client (per auth token) in `limits` (shared by every api node on Postgres):
 * `requestsPerMinute` requests, refilled continuously. A client over its limit gets 429 with
 * `Retry-After` in seconds.
 */
export function rateLimit(options: {
  requestsPerMinute: number;
  limits: LimitStore;
}): MiddlewareHandler<AppEnv> {
  const { requestsPerMinute, limits } = options;
  return async (context, next) => {
    if (isPublicPath(context.req.path)) return next();
    const retryAfterSeconds = await limits.take({
      scope: 'requests',
      key: context.get('client') ?? 'local',
      capacity: requestsPerMinute,
      perMinute: requestsPerMinute,
    });
    if (retryAfterSeconds > 0) {
      throw new ApiError('rate_limited', `Too many requests; try again in ${retryAfterSeconds} s.`, {
        retryAfterSeconds,
      });
    }
    return next();
  };
}
