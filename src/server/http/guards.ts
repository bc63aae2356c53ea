import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Logger } from '../../runs/index.js';
import type { LimitStore } from '../../store/index.js';
import {
  DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE,
  DEFAULT_FAILED_LOGINS_PER_MINUTE,
  DEFAULT_REQUESTS_PER_MINUTE,
  MAX_BODY_BYTES,
} from '../constants.js';
import type { AppEnv } from './app-env.js';
import type { CreateAppOptions } from './app-options.js';
import { bearerAuth } from './auth.js';
import { ApiError } from './errors.js';
import { LoginThrottle } from './login-throttle.js';
import { rateLimit } from './rate-limit.js';
import { checkHost, checkOrigin, LOOPBACK_NAMES, requireJsonBody } from './request-guards.js';

/** Logs every request: method, path (never the query: it may carry a token), status, duration, client. */
export function logRequests(app: Hono<AppEnv>, logger: Logger): void {
  app.use('*', async (context, next) => {
    const started = performance.now();
    await next();
    logger.log('info', 'request', {
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      durationMs: Math.round(performance.now() - started),
      client: context.get('client'),
    });
  });
}

/**
 * What every request passes before the routes, in order: the Host check (without tokens), CORS,
 * the Origin check, bearer auth, the rate limit, JSON bodies only on the API, and the body limit.
 * The throttle of wrong tokens and the rate limit keep their buckets in `limits`.
 * `/health` is answered between the Origin check and auth, so it needs no token.
 */
export function guardRequests(
  app: Hono<AppEnv>,
  options: CreateAppOptions & { limits: LimitStore },
  health: () => Promise<Record<string, unknown>>,
): void {
  const { limits } = options;
  const serve = options.serve ?? {};
  const authTokens = serve.authTokens ?? [];
  const adminTokens = serve.adminTokens ?? [];
  // Without a token any page the browser visits could talk to us by a rebound name: names are checked.
  if (authTokens.length + adminTokens.length === 0)
    app.use('*', checkHost({ names: [...LOOPBACK_NAMES, ...(options.hostNames ?? [])] }));
  const corsOrigins = serve.corsOrigins ?? [];
  if (corsOrigins.length > 0) {
    app.use(
      '*',
      cors({
        origin: corsOrigins.includes('*') ? '*' : [...corsOrigins],
        exposeHeaders: ['Retry-After', 'Location'],
      }),
    );
  }
  app.use('*', checkOrigin({ corsOrigins }));
  app.get('/health', async (context) => context.json({ status: 'ok', ...(await health()) }));
  const throttle = new LoginThrottle(limits, {
    perAddressPerMinute: options.failedLoginsPerMinute ?? DEFAULT_FAILED_LOGINS_PER_MINUTE,
    overallPerMinute: options.failedLoginsOverallPerMinute ?? DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE,
  });
  app.use('*', bearerAuth({ tokens: authTokens, adminTokens, throttle }));
  app.use(
    '*',
    rateLimit({ requestsPerMinute: serve.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, limits }),
  );
  app.use('/api/*', requireJsonBody());
  app.use('/v1/*', requireJsonBody());
  const maxSize = options.maxBodyBytes ?? MAX_BODY_BYTES;
  app.use(
    '*',
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError('payload_too_large', `The request body is larger than ${maxSize} bytes.`);
      },
    }),
  );
}
