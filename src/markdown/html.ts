import type { HtmlOptions } from './html-rules.js';
import { markdown } from './parser.js';

/** Renders markdown to HTML with the shared parser: all text escaped, raw HTML shown, not run. */
export function renderMarkdownHtml(text: string, options: HtmlOptions = {}): string {
  return markdown.render(text, { ...options });
}

/** Escapes text for HTML content and attribute values (the parser's own escaping). */
export const escapeHtml: (text: string) => string = markdown.utils.escapeHtml;
