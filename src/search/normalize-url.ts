const trackingParameters = new Set(['fbclid', 'gclid', 'dclid', 'msclkid', 'mc_eid', 'yclid']);

/**
 * A canonical form of a URL for deduplication: lowercase host without `www.`, no default port,
 * no fragment, no trailing slash, no tracking parameters (utm_*, fbclid, gclid...), query
 * parameters sorted. A string that is not an absolute URL is returned trimmed.
 */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // Not an absolute URL: nothing to canonicalise, and equal strings still deduplicate.
    return raw.trim();
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  // URL already drops the scheme's own default port; drop the other web default too.
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const parameters = [...url.searchParams.entries()]
    .filter(([name]) => !name.toLowerCase().startsWith('utm_') && !trackingParameters.has(name.toLowerCase()))
    .sort(([a, aValue], [b, bValue]) => (a === b ? compare(aValue, bValue) : compare(a, b)));
  const query = parameters.length > 0 ? `?${new URLSearchParams(parameters).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const credentials = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `${url.protocol}//${credentials}${host}${port}${path}${query}`;
}

function compare(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
