import { elementsByTag, firstByTag } from './page-index.js';
import type { Document, Element } from './tree/index.js';
/** Whether `href` leads to another page: not empty, not a place on this one, not a `javascript:`, `data:` or `vbscript:` link. */
export function leadsElsewhere(href: string | null): boolean {
  const value = href?.trim();
  return !!value && !value.startsWith('#') && !/^(javascript|data|vbscript):/i.test(value);
}

/** Resolves `href` against `base`; undefined for empty, fragment-only, `javascript:` or invalid links. */
export function absoluteUrl(href: string | null, base: string | undefined): string | undefined {
  if (!leadsElsewhere(href)) return undefined;
  const value = href!.trim();
  try {
    return new URL(value, base).href;
  } catch {
    // A link that is not a URL is kept as plain text by the caller.
    return undefined;
  }
}

/**
 * The base URL for relative links: the page's `<base href>`, else its canonical URL when the page
 * itself has no web address (a saved `file://` page names where it came from with
 * `<link rel="canonical">` or `og:url`), else the page URL. A relative `<base href>` is resolved
 * against the same fallback. A page read from the web keeps its own URL, as a browser does.
 */
export function baseUrlOf(document: Document, pageUrl: string): string | undefined {
  const page = absoluteUrl(pageUrl, undefined);
  const fallback = page !== undefined && /^https?:/i.test(page) ? page : (canonicalUrlOf(document) ?? page);
  const base =
    firstByTag(document, 'base', (element) => element.hasAttribute('href'))?.getAttribute('href') ?? null;
  return absoluteUrl(base, fallback) ?? fallback;
}

/** The absolute http(s) URL the page names as its own (`<link rel="canonical">`, then `og:url`). */
export function canonicalUrlOf(document: Document): string | undefined {
  const candidates = [
    firstByTag(
      document,
      'link',
      (link) =>
        link.hasAttribute('href') &&
        (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
    )?.getAttribute('href'),
    firstByTag(
      document,
      'meta',
      (meta) => meta.hasAttribute('content') && meta.getAttribute('property')?.toLowerCase() === 'og:url',
    )?.getAttribute('content'),
  ];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate ?? null, undefined);
    if (url !== undefined && /^https?:/i.test(url)) return url;
  }
  return undefined;
}

/** The best image URL of an `<img>`, looking through the attributes lazy loaders use. */
export function imageSourceOf(image: Element, base: string | undefined): string | undefined {
  const candidates = [
    image.getAttribute('data-src'),
    image.getAttribute('data-lazy-src'),
    image.getAttribute('data-original'),
    image.getAttribute('src'),
    image.getAttribute('srcset')?.split(/\s+/)[0] ?? null,
  ];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate, base);
    if (url !== undefined) return url;
  }
  return undefined;
}

/** Most links kept per page in `ExtractedPage.links`. */
export const MAX_PAGE_LINKS = 1000;

/** Every http(s) `<a href>` of the document, absolute, fragments dropped, each once, in order. */
export function pageLinksOf(document: Document, baseUrl: string | undefined): string[] {
  const links = new Set<string>();
  for (const anchor of elementsByTag(document, 'a')) {
    if (!anchor.hasAttribute('href')) continue;
    const href = absoluteUrl(anchor.getAttribute('href'), baseUrl);
    if (!href || !/^https?:/i.test(href)) continue;
    links.add(href.includes('#') ? withoutFragment(href) : href);
    if (links.size >= MAX_PAGE_LINKS) break;
  }
  return [...links];
}

/** An absolute URL without its fragment (an address without `#` has none: it is kept as it is). */
function withoutFragment(href: string): string {
  const url = new URL(href);
  url.hash = '';
  return url.href;
}
