import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** What @mozilla/readability extracts from a page parsed with linkedom, the baseline we compare with. */
export interface ReadabilityResult {
  title: string;
  byline: string;
  text: string;
  /** The publication time Readability reads from the page's meta tags and JSON-LD, as written. */
  publishedTime?: string;
}

/** Runs @mozilla/readability on linkedom; returns undefined when it finds no article or throws. */
export function runReadability(html: string): ReadabilityResult | undefined {
  try {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as Document).parse();
    if (!article) return undefined;
    return {
      title: article.title ?? '',
      byline: article.byline ?? '',
      text: article.textContent ?? '',
      ...(article.publishedTime ? { publishedTime: article.publishedTime } : {}),
    };
  } catch {
    // Readability throws on some linkedom documents; the benchmark counts that as a miss.
    return undefined;
  }
}
