/** Query parameters that only track where a click came from; they never change a page's content. */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|yclid|_hsenc|_hsmi)$/i;

function compare(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/**
 * The one identity of a web page, used wherever two spellings of a URL must count as one: search
 * fusion, the run's URL pool and sources, the reader's cache and the SQLite source cache. Lower-case
 * host without `www.` or a trailing dot, no default port, no fragment, no trailing slash (the root
 * keeps its `/`), no tracking parameters, the other query parameters sorted. It is a key, not an
 * address: fetch the URL as it was given. A string that is not an absolute URL is returned trimmed.
 */
export function canonicalUrl(raw: string): string {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    // Not an absolute URL: nothing to canonicalise, and equal strings still match.
    return trimmed;
  }
  url.hash = '';
  url.hostname = url.hostname.replace(/\.+$/, '').replace(/^www\./, '');
  const parameters = [...url.searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAMETER.test(name))
    .sort(([a, aValue], [b, bValue]) => (a === b ? compare(aValue, bValue) : compare(a, b)));
  url.search = parameters.length > 0 ? `?${new URLSearchParams(parameters).toString()}` : '';
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url.href;
}
