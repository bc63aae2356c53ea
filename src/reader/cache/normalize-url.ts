/** Query parameters that only track where a click came from; they never change a page's content. */
const trackingParameter = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi)$/i;

/**
 * The cache key of a URL: lower-case host without a trailing dot, no default port, no fragment, no
 * tracking parameters. Anything that is not an absolute URL is returned unchanged.
 */
export function normalizeUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  url.hash = '';
  url.hostname = url.hostname.replace(/\.+$/, '');
  for (const name of [...url.searchParams.keys()]) {
    if (trackingParameter.test(name)) url.searchParams.delete(name);
  }
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  return url.href;
}
