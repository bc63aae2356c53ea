import { ConfigError } from '../errors.js';
import { LOOPBACK_NAMES } from './http/request-guards.js';

/** Addresses a server may listen on without auth tokens: only this machine can reach them. */
const LOOPBACK_HOSTS = new Set<string>([...LOOPBACK_NAMES, '::1']);

/**
 * The server's one auth rule: anything but loopback needs an auth token. Throws `ConfigError`
 * when `host` would expose a server without tokens to the network.
 */
export function checkAuthPolicy(options: { host: string; tokens: number }): void {
  if (options.tokens > 0 || LOOPBACK_HOSTS.has(options.host)) return;
  throw new ConfigError(
    `--host ${options.host} would expose the server without authentication; add --auth-token (or --auth-token-file).`,
  );
}
