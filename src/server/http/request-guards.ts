import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { ApiError } from './errors.js';

/** Names a server without auth answers to: loopback only (it refuses to bind anything else). */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `host[:port]` of an origin or URL, lower-cased; undefined when it is not one (e.g. `null`). */
function hostOf(origin: string): string | undefined {
  return URL.canParse(origin) ? new URL(origin).host.toLowerCase() : undefined;
}

/**
 * The `host[:port]` the client asked for: its Host header, else the request URL's (in-process
 * requests have no header).
 */
function requestedHost(context: Context): URL | undefined {
  const host = context.req.header('host') ?? new URL(context.req.url).host;
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
}

/**
 * Refuses requests whose Host names none of `names` (DNS rebinding: a page on attacker.example whose
 * name now resolves to 127.0.0.1 would otherwise be same-origin with the server). Only for servers
 * without auth; with a token the page cannot authenticate anyway.
 */
export function checkHost(options: { names: readonly string[] }): MiddlewareHandler<AppEnv> {
  const names = new Set(options.names.map((name) => name.toLowerCase()));
  return async (context, next) => {
    const hostname = requestedHost(context)?.hostname.toLowerCase() ?? '';
    if (!names.has(hostname)) {
      throw new ApiError(
        'host_not_allowed',
        `This server answers to ${[...names].join(', ')}, not "${hostname}". Open it by one of those names (or start it with --auth-token to serve other names).`,
      );
    }
    return next();
  };
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) and WebSocket upgrades sent by a web
 * page on another origin: the browser's `Origin` must be the server's own host or one of
 * `corsOrigins` (`*`: any). Requests without `Origin` (curl, SDKs, same-origin GETs) pass.
 */
export function checkOrigin(options: { corsOrigins: readonly string[] }): MiddlewareHandler<AppEnv> {
  const anyOrigin = options.corsOrigins.includes('*');
  const allowed = new Set(options.corsOrigins.map((origin) => origin.toLowerCase().replace(/\/$/, '')));
  return async (context, next) => {
    const origin = context.req.header('origin');
    const upgrade = context.req.header('upgrade')?.toLowerCase() === 'websocket';
    if (origin === undefined || anyOrigin || !(UNSAFE_METHODS.has(context.req.method) || upgrade)) {
      return next();
    }
    // Compared by host: behind a TLS proxy the server sees http:// while the page is https://.
    const own = requestedHost(context)?.host;
    const host = hostOf(origin);
    if ((host !== undefined && host === own) || allowed.has(origin.toLowerCase())) return next();
    throw new ApiError(
      'origin_not_allowed',
      `Requests from the web page at ${origin} are refused: only this server's own pages${allowed.size > 0 ? ` and ${[...allowed].join(', ')}` : ''} may change runs or open event sockets. The operator can allow an origin with --cors-origin.`,
    );
  };
}

/** `application/json` or any `+json` type, parameters aside. */
function isJson(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Requires `Content-Type: application/json` on every request body sent to the API. Form and text
 * bodies are what a cross-site page can send without asking first (no CORS preflight).
 */
export function requireJsonBody(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    if (!UNSAFE_METHODS.has(context.req.method)) return next();
    const type = context.req.header('content-type');
    const length = Number(context.req.header('content-length') ?? '0');
    const hasBody = length > 0 || context.req.header('transfer-encoding') !== undefined;
    if (type === undefined ? !hasBody : isJson(type)) return next();
    throw new ApiError(
      'unsupported_media_type',
      `The request body must be JSON sent with "Content-Type: application/json"${type ? `, not "${type}"` : ''}.`,
    );
  };
}
