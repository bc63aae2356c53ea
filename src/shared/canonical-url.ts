/** Query parameters that only track where a click came from; they never change a page's content. */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|yclid|_hsenc|_hsmi)$/i;

function compare(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** A host whose last label is a number, which the URL parser would read anew as an IPv4 address. */
const ENDS_IN_NUMBER = /(?:^|\.)(?:\d+|0x[\da-f]*)$/i;

/** Sorted query without tracking parameters, as `?…`, or '' when none is left. */
function canonicalQuery(url: URL): string {
  if (url.search === '') return '';
  const parameters = [...url.searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAMETER.test(name))
    .sort(([a, aValue], [b, bValue]) => (a === b ? compare(aValue, bValue) : compare(a, b)));
  return parameters.length > 0 ? `?${new URLSearchParams(parameters).toString()}` : '';
}

/**
 * Canonical URLs already made, by the string given: a run asks again for the same URLs (its pool's
 * entries each step, its reads, its claims), and parsing one costs far more than finding it here.
 * Bounded: emptied when full, so a pool of thousands still fits between two clearings.
 */
const made = new Map<string, string>();
const MADE_LIMIT = 20_000;
/** Longer strings are not kept: a hostile page's megabyte link must not stay in memory. */
const MADE_URL_CHARS = 2_048;

/**
 * The one identity of a web page, used wherever two spellings of a URL must count as one: search
 * fusion, the run's URL pool and sources, the reader's cache and the SQLite source cache. Lower-case
 * host without `www.` or a trailing dot, no default port, no fragment, no trailing slash (the root
 * keeps its `/`), no tracking parameters, the other query parameters sorted. It is a key, not an
 * address: fetch the URL as it was given. A string that is not an absolute URL is returned trimmed.
 */
export function canonicalUrl(raw: string): string {
  if (raw.length > MADE_URL_CHARS) return canonicalOf(raw);
  let canonical = made.get(raw);
  if (canonical === undefined) {
    canonical = canonicalOf(raw);
    if (made.size >= MADE_LIMIT) made.clear();
    made.set(raw, canonical);
  }
  return canonical;
}

/** `canonicalUrl` made anew. */
function canonicalOf(raw: string): string {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    // Not an absolute URL: nothing to canonicalise, and equal strings still match.
    return trimmed;
  }
  const host = url.hostname.replace(/\.+$/, '').replace(/^www\./, '');
  const query = canonicalQuery(url);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
  if (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (host === url.hostname || (host !== '' && !ENDS_IN_NUMBER.test(host)))
  ) {
    // A web address is written out from its parsed parts: the parser made each of them canonical
    // already, and setting them on the URL would parse each again (the pool keys every result).
    const user =
      url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
    return `${url.protocol}//${user}${host}${url.port ? `:${url.port}` : ''}${path}${query}`;
  }
  // Other schemes (and hosts the setter would refuse or read as an address) go through the setters.
  url.hash = '';
  url.hostname = host;
  url.search = query;
  if (url.pathname.length > 1) url.pathname = path;
  return url.href;
}
