/** Host filters of a run: `excludeHosts` never, `onlyHosts` only (when set), `boostHosts` first. */
export interface HostRules {
  boostHosts: readonly string[];
  excludeHosts: readonly string[];
  onlyHosts: readonly string[];
}

/**
 * Protocols of sources a run reads and cites: web pages, and results of connected MCP servers
 * (`mcp://<server>/<tool>?…`, whose host is the server's name, so host rules apply to it too).
 */
const SOURCE_PROTOCOLS = new Set(['http:', 'https:', 'mcp:']);

/** Lower-cased host name of a URL, or undefined when it is not the URL of a source. */
export function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (!SOURCE_PROTOCOLS.has(parsed.protocol) || !parsed.hostname) return undefined;
    return parsed.hostname.toLowerCase();
  } catch {
    // Not a URL at all: the caller treats it as not allowed.
    return undefined;
  }
}

/**
 * Where a source comes from, for coverage and independence: the host of a page or MCP result, and
 * for a file of a local corpus (`corpus://<id>/<path>`) the corpus, as `corpus:<id>`.
 */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return undefined;
    if (SOURCE_PROTOCOLS.has(parsed.protocol)) return parsed.hostname.toLowerCase();
    return parsed.protocol === 'corpus:' ? `corpus:${parsed.hostname}` : undefined;
  } catch {
    return undefined;
  }
}

/** True when `host` is `rule` or a subdomain of it (`en.wikipedia.org` matches `wikipedia.org`). */
export function hostMatches(host: string, rule: string): boolean {
  const normalized = rule.toLowerCase().replace(/^www\./, '');
  const bare = host.replace(/^www\./, '');
  return bare === normalized || bare.endsWith(`.${normalized}`);
}

/** Whether a URL may be read or cited under the rules. */
export function isAllowedUrl(url: string, rules: HostRules): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  if (rules.excludeHosts.some((rule) => hostMatches(host, rule))) return false;
  if (rules.onlyHosts.length > 0) return rules.onlyHosts.some((rule) => hostMatches(host, rule));
  return true;
}

/** Whether a URL is on a boosted host. */
export function isBoostedUrl(url: string, rules: HostRules): boolean {
  const host = hostOf(url);
  return host !== undefined && rules.boostHosts.some((rule) => hostMatches(host, rule));
}
