import type { SourceImage } from '../../contract/images.js';

/** The main content and metadata extracted from one HTML page. */
export interface ExtractedPage {
  /**
   * Page title: the page's first `<h1>` when it restates the title the page states in other words,
   * else the stated title cleaned of a trailing site-name suffix; empty when the page has none.
   */
  title: string;
  /** Author name(s) as the page states them. */
  byline?: string;
  /** Publication time as an ISO-8601 string. */
  publishedAt?: string;
  /** Content language as a BCP 47 tag, e.g. `en` or `de-DE`. */
  lang?: string;
  /** Name of the site or publisher, e.g. `The Guardian`. */
  siteName?: string;
  /** Main content as markdown with absolute links. */
  markdown: string;
  /** Main content as plain text, paragraphs separated by blank lines: what quotes are verified against. */
  text: string;
  /**
   * Every http(s) link of the whole page (navigation included), absolute, without fragments, each
   * once, in document order, at most `MAX_PAGE_LINKS`: what a deep read follows, since the main
   * content drops link lists and menus.
   */
  links?: string[];
  /** Images of the main content with their alt text (see `pageImagesOf`); absent when it has none. */
  images?: SourceImage[];
}

/** Options for `extractHtml`. */
export interface ExtractHtmlOptions {
  /** URL of the page (after redirects); relative links and images are resolved against it. */
  url: string;
}
