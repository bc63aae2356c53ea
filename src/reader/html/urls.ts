/** Resolves `href` against `base`; undefined for empty, fragment-only, `javascript:` or invalid links. */
export function absoluteUrl(href: string | null, base: string | undefined): string | undefined {
  const value = href?.trim();
  if (!value || value.startsWith('#') || /^(javascript|data|vbscript):/i.test(value)) return undefined;
  try {
    return new URL(value, base).href;
  } catch {
    // A link that is not a URL is kept as plain text by the caller.
    return undefined;
  }
}

/** The base URL for relative links: the page's `<base href>` resolved against its URL. */
export function baseUrlOf(document: Document, pageUrl: string): string | undefined {
  const page = absoluteUrl(pageUrl, undefined);
  const base = document.querySelector('base[href]')?.getAttribute('href') ?? null;
  return absoluteUrl(base, page) ?? page;
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
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = absoluteUrl(anchor.getAttribute('href'), baseUrl);
    if (!href || !/^https?:/i.test(href)) continue;
    const url = new URL(href);
    url.hash = '';
    links.add(url.href);
    if (links.size >= MAX_PAGE_LINKS) break;
  }
  return [...links];
}
