import type { Context } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * The caller's network address (the socket's, never a forwarded header a client could forge);
 * `local` for in-process requests.
 */
export function clientAddress(context: Context<AppEnv>): string {
  // `env` is undefined for in-process requests, whatever its type says.
  const env = context.env as AppEnv['Bindings'] | undefined;
  return env?.incoming?.socket.remoteAddress ?? 'local';
}
