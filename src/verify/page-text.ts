import { createHash } from 'node:crypto';
import { extractContent } from '../reader/index.js';
import { quoteOccursIn } from '../research/on-demand.js';

/** A page's text as the reader extracts it, and the hash of the body it came from. */
export interface PageText {
  text: string;
  /** sha256 hex of the (content-decoded) body. */
  sha256: string;
}

/** The text of a body, the reader's way: what the run's quotes were checked against. */
export async function pageText(options: {
  bytes: Uint8Array;
  contentType: string | undefined;
  url: string;
}): Promise<PageText> {
  const content = await extractContent(options);
  return { text: content.text, sha256: createHash('sha256').update(options.bytes).digest('hex') };
}

/**
 * Whether every quote of a reference is in the text. A reference made from several quotes of one
 * finding joins them with " … "; each must be found, as when the run checked them.
 */
export function quoteIsIn(quote: string, text: string): boolean {
  const parts = quote
    .split(' … ')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => quoteOccursIn(part, text));
}
