import { renderBlock } from './render.js';
import { markdownSyntax, textSyntax } from './syntax.js';
import { hasSpaceToCollapse } from './text-measures.js';
import type { Element } from './tree/index.js';
import type { WordBoundaries } from './word-boundaries.js';

/** Options for rendering content elements. */
export interface RenderOptions {
  /** Base for relative links and images (already resolved against `<base href>`). */
  baseUrl: string | undefined;
  /** Write images as `![alt](url)`; default true. */
  images?: boolean;
  /** Which sibling boxes with nothing between them are written apart (see `boxGapBefore`); default none. */
  wordBoundaries?: WordBoundaries | false;
}

/**
 * Renders content elements as GitHub-flavoured markdown: headings, paragraphs, nested lists, GFM
 * tables, fenced code with its language, blockquotes, emphasis, absolute links and images.
 */
export function renderMarkdown(elements: Element[], options: RenderOptions): string {
  const context = {
    syntax: markdownSyntax,
    baseUrl: options.baseUrl,
    images: options.images ?? true,
    links: true,
    wordBoundaries: options.wordBoundaries ?? false,
  };
  return withoutRepeats(elements.flatMap((element) => renderBlock(element, context)))
    .join('\n\n')
    .trim();
}

/**
 * Renders content elements as plain text with the same words as the markdown: paragraphs separated
 * by blank lines, list items and table rows on their own lines, code verbatim.
 */
export function renderText(
  elements: Element[],
  { wordBoundaries = false }: { wordBoundaries?: WordBoundaries | false } = {},
): string {
  const context = { syntax: textSyntax, baseUrl: undefined, images: false, links: false, wordBoundaries };
  return withoutRepeats(elements.flatMap((element) => renderBlock(element, context)))
    .join('\n\n')
    .trim();
}

/** Blocks shorter than this may repeat ("Reply", "Size", a price); longer ones are copies. */
const REPEAT_MIN_LENGTH = 40;

/**
 * The blocks without exact repeats of an earlier long block: pages carry copies of their content
 * for other layouts (a sticky header repeating the product's name and price, a phone-only copy).
 */
function withoutRepeats(blocks: string[]): string[] {
  const seen = new Set<string>();
  return blocks.filter((block) => {
    // Collapsing and trimming only shorten a block: a short one is short as its key.
    if (block.length < REPEAT_MIN_LENGTH) return true;
    const key = (hasSpaceToCollapse(block, false) ? block.replace(/\s+/g, ' ') : block).trim();
    if (key.length < REPEAT_MIN_LENGTH) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
