/**
 * An image of a read page's main content, as the reader found it in the markup (the reader never
 * fetches images). Pages are hostile: the alt text is cleaned before it gets here.
 */
export interface SourceImage {
  /** Absolute http(s) URL of the image, resolved against the page (lazy-loading attributes included). */
  url: string;
  /**
   * What the image shows, in the page's words: its alt text, else the caption of its figure;
   * control characters removed, whitespace collapsed, clipped. Never empty: images without one are
   * not kept.
   */
  alt: string;
  /** Width the page declares for it, in CSS pixels, when it declares one. */
  width?: number;
  /** Height the page declares for it, in CSS pixels, when it declares one. */
  height?: number;
}

/**
 * An image of a run's read pages, with the page it is on: what a run's result lists (images of
 * the pages the answer cites first) and `/v1`'s `with_images` returns as annotations.
 */
export interface RunImage extends SourceImage {
  /** The page the image is on: the URL the run asked for (a source's `url`). */
  sourceUrl: string;
  /** That page's title (empty when it has none). */
  sourceTitle: string;
  /**
   * The 1-based numbers of the references (the answer's `[n]` markers) that cite the page, in
   * order; absent when the answer does not cite it.
   */
  references?: number[];
}
