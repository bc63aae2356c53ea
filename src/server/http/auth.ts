import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ALL_RUNS } from '../../runs/index.js';
import type { AppEnv } from './app-env.js';
import { clientAddress } from './client-address.js';
import { ApiError } from './errors.js';
import type { LoginThrottle } from './login-throttle.js';

/** Paths served without a token: the health check, and the web UI's files (no data in them). */
export function isPublicPath(path: string): boolean {
  return path === '/health' || !/^\/(api|v1|mcp)(\/|$)/.test(path);
}

/**
 * A short, stable id for a token, for logs, rate limits and run owners; the token itself is never
 * kept (48 bits of its SHA-256: enough to tell a server's tokens apart, too few to find the token).
 */
export function tokenId(token: string): string {
  return `token:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Bearer auth on every API route when tokens are configured. The token comes from
 * `Authorization: Bearer <token>`, or for GET requests from `?access_token=` (browsers cannot set
 * headers on EventSource or WebSocket). Without tokens every request passes as its address.
 * A token's runs are its own (`access`); admin tokens see all of them.
 * Wrong tokens are counted per client address and over the server in `throttle`: past either,
 * a login gets 429 with `Retry-After` whether its token is right or not, unless that token was
 * already accepted from the same address (see `LoginThrottle`).
 */
export function bearerAuth(options: {
  tokens: readonly string[];
  /** Tokens that see and change every run, not only their own. */
  adminTokens?: readonly string[];
  throttle: LoginThrottle;
}): MiddlewareHandler<AppEnv> {
  const admins = (options.adminTokens ?? []).map(digest);
  const digests = [...options.tokens.map(digest), ...admins];
  return async (context, next) => {
    if (digests.length === 0) {
      // Without auth there is one user (on loopback): every run is theirs.
      context.set('client', 'local');
      context.set('access', ALL_RUNS);
      return next();
    }
    if (isPublicPath(context.req.path)) {
      context.set('client', 'local');
      context.set('access', { all: false });
      return next();
    }
    const header = context.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    const token =
      match?.[1] ?? (context.req.method === 'GET' ? context.req.query('access_token') : undefined);
    if (!token) {
      throw new ApiError('unauthorized', 'Missing bearer token: send "Authorization: Bearer <token>".');
    }
    const address = clientAddress(context);
    const given = digest(token);
    // Comparing fixed-size digests in constant time leaks neither the token nor its length.
    const valid = digests.some((known) => timingSafeEqual(known, given));
    const id = tokenId(token);
    const wait = valid ? await options.throttle.accept(address, id) : await options.throttle.refuse(address);
    if (wait) {
      const from = wait.scope === 'address' ? 'from this address' : 'sent to this server';
      throw new ApiError('rate_limited', `Too many wrong tokens ${from}; try again in ${wait.seconds} s.`, {
        retryAfterSeconds: wait.seconds,
      });
    }
    if (!valid) throw new ApiError('unauthorized', 'Invalid bearer token.');
    context.set('client', id);
    // Runs belong to the token that made them; an admin token sees every run.
    context.set('access', { owner: id, all: admins.some((known) => timingSafeEqual(known, given)) });
    return next();
  };
}
