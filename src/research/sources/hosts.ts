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

/** A URL's protocol, host name and path, as parsed, and its host lower-cased. */
export interface ParsedUrl {
  /** With its colon: `https:`. */
  readonly protocol: string;
  /** As the parser gives it (a corpus id keeps its case). */
  readonly hostname: string;
  readonly lowerHostname: string;
  /** As the parser gives it: percent-encoded, dot segments resolved. */
  readonly pathname: string;
}

/**
 * Addresses already read, by URL: every planner prompt looks up the host of each page read and of
 * each finding's source, so a run reads the same few hundred URLs again and again. Bounded: emptied
 * when full; a URL longer than `KEPT_URL_CHARS` is parsed each time and never kept.
 */
const addresses = new Map<string, ParsedUrl | null>();
const KEPT_ADDRESSES = 20_000;
const KEPT_URL_CHARS = 2_048;

function parse(url: string): ParsedUrl | null {
  try {
    const parsed = new URL(url);
    return {
      protocol: parsed.protocol,
      hostname: parsed.hostname,
      lowerHostname: parsed.hostname.toLowerCase(),
      pathname: parsed.pathname,
    };
  } catch {
    // Not a URL at all: callers treat it as no source.
    return null;
  }
}

/**
 * A URL as parsed, or undefined when it is not one: kept, so the credibility of a candidate the
 * pool took in (its host already looked up) does not parse its URL again.
 */
export function parsedUrl(url: string): ParsedUrl | undefined {
  if (url.length > KEPT_URL_CHARS) return parse(url) ?? undefined;
  let address = addresses.get(url);
  if (address === undefined) {
    address = parse(url);
    if (addresses.size >= KEPT_ADDRESSES) addresses.clear();
    addresses.set(url, address);
  }
  return address ?? undefined;
}

/** Lower-cased host name of a URL, or undefined when it is not the URL of a source. */
export function hostOf(url: string): string | undefined {
  const address = parsedUrl(url);
  if (!address || !SOURCE_PROTOCOLS.has(address.protocol) || !address.hostname) return undefined;
  return address.lowerHostname;
}

/**
 * Where a source comes from, for coverage and independence: the host of a page or MCP result, and
 * for a file of a local corpus (`corpus://<id>/<path>`) the corpus, as `corpus:<id>`.
 */
export function originOf(url: string): string | undefined {
  const address = parsedUrl(url);
  if (!address?.hostname) return undefined;
  if (SOURCE_PROTOCOLS.has(address.protocol)) return address.lowerHostname;
  return address.protocol === 'corpus:' ? `corpus:${address.hostname}` : undefined;
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
