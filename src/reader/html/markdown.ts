import { renderBlock } from './render.js';
import { markdownSyntax, textSyntax } from './syntax.js';

/** Options for rendering content elements. */
export interface RenderOptions {
  /** Base for relative links and images (already resolved against `<base href>`). */
  baseUrl: string | undefined;
  /** Write images as `![alt](url)`; default true. */
  images?: boolean;
}

/**
 * Renders content elements as GitHub-flavoured markdown: headings, paragraphs, nested lists, GFM
 * tables, fenced code with its language, blockquotes, emphasis, absolute links and images.
 */
export function renderMarkdown(elements: Element[], options: RenderOptions): string {
  const context = { syntax: markdownSyntax, baseUrl: options.baseUrl, images: options.images ?? true };
  return elements
    .flatMap((element) => renderBlock(element, context))
    .join('\n\n')
    .trim();
}

/**
 * Renders content elements as plain text with the same words as the markdown: paragraphs separated
 * by blank lines, list items and table rows on their own lines, code verbatim.
 */
export function renderText(elements: Element[]): string {
  const context = { syntax: textSyntax, baseUrl: undefined, images: false };
  return elements
    .flatMap((element) => renderBlock(element, context))
    .join('\n\n')
    .trim();
}
