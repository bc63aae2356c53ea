import { ReaderError } from '../errors.js';
import {
  type BlockedAddress,
  canonicalHostName,
  classifyAddress,
  classifyHostName,
} from './address/index.js';
import { shownUrl } from './shown-url.js';

/** A URL that passed the static checks, ready to be resolved. */
export interface CheckedUrl {
  url: URL;
  /** Host name or IP literal, lower case, without brackets or a trailing dot. */
  hostname: string;
  /** Whether the user allowed this host (so private addresses are fine). */
  allowed: boolean;
  /** The URL that redirected here, if any. */
  redirectedFrom?: string;
  /** Who a refusal tells to allow the host (see `CheckUrlOptions.fixedBy`). */
  fixedBy?: 'user' | 'operator';
}

export interface CheckUrlOptions {
  /** `host:port` or bare hosts the user allowed even though they are private (`--allow-host`). */
  allowHosts?: readonly string[];
  /** The URL that redirected to this one; named in refusals so the user sees where it came from. */
  redirectedFrom?: string;
  /**
   * Who can allow a refused host: the `user` (default; the refusal names `--allow-host`), or a
   * server's `operator` (the reader works for a client, who cannot allow hosts).
   */
  fixedBy?: 'user' | 'operator';
}

function defaultPort(url: URL): string {
  return url.protocol === 'https:' ? '443' : '80';
}

/** Whether `url` matches an `--allow-host` entry: the exact `host:port`, or a bare host (any port). */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const hostname = canonicalHostName(url.hostname);
  const port = url.port || defaultPort(url);
  return allowHosts.some((entry) => {
    let parsed: URL;
    try {
      parsed = new URL(`http://${entry.trim()}`);
    } catch {
      return false;
    }
    if (canonicalHostName(parsed.hostname) !== hostname) return false;
    const hasPort = /:\d+$/.test(entry.trim());
    return !hasPort || (parsed.port || '80') === port;
  });
}

/** The refusal a user sees: what was refused, why, and the flag that allows it. */
export function blockedError(
  url: URL,
  subject: string,
  verdict: BlockedAddress,
  redirectedFrom?: string,
  fixedBy: 'user' | 'operator' = 'user',
): ReaderError {
  const via = redirectedFrom ? ` (redirected from ${redirectedFrom})` : '';
  const fix =
    fixedBy === 'operator'
      ? "Only the server's operator can allow it."
      : `Allow it with --allow-host ${url.host}.`;
  return new ReaderError({
    code: 'blocked_address',
    url: url.href,
    message: `Refused to fetch ${shownUrl(url.href)}${via}: ${subject} is ${verdict.description}. ${fix}`,
  });
}

/**
 * Parses and statically checks a URL: only http and https, and no host that is blocked by its
 * spelling alone (private or loopback IP literals in any notation, `localhost`, metadata names),
 * unless the host is allowed. Throws `ReaderError` (`invalid_url` or `blocked_address`).
 */
export function checkUrl(input: string | URL, options: CheckUrlOptions = {}): CheckedUrl {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw new ReaderError({
      code: 'invalid_url',
      url: String(input),
      cause: error,
      message: `"${shownUrl(String(input))}" is not a valid URL; give an absolute http:// or https:// URL.`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReaderError({
      code: 'invalid_url',
      url: url.href,
      message: `Cannot fetch ${shownUrl(url.href)}: only http and https URLs can be read, not ${url.protocol.slice(0, -1)}.`,
    });
  }
  const hostname = canonicalHostName(url.hostname.replace(/^\[|\]$/g, ''));
  const allowed = isAllowedHost(url, options.allowHosts ?? []);
  if (!allowed) {
    const verdict = classifyHostName(hostname) ?? classifyAddress(hostname);
    if (verdict) throw blockedError(url, hostname, verdict, options.redirectedFrom, options.fixedBy);
  }
  return {
    url,
    hostname,
    allowed,
    ...(options.redirectedFrom ? { redirectedFrom: options.redirectedFrom } : {}),
    fixedBy: options.fixedBy,
  };
}
